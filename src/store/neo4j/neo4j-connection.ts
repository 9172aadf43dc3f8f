import { Logger } from '@nestjs/common';
import { auth, driver as createDriver, int, isRetryableError } from 'neo4j-driver';
import type { Driver, Integer, ManagedTransaction } from 'neo4j-driver';

import { ClosingGate } from 'src/common/closing-gate';
import { UnavailableError } from 'src/common/errors';
import { CypherRegistry } from 'src/store/neo4j/cypher-registry';
import { definitionFromShow, indexDifferences, parseIndexStatement } from 'src/store/neo4j/index-definitions';
import type { SearchIndexDefinition } from 'src/store/neo4j/index-definitions';
import { backfillConstraintTag } from 'src/store/neo4j/neo4j-constraint-tag';
import { Neo4jEmbeddingMigrationStore } from 'src/store/neo4j/neo4j-embedding-migration.store';
import { isSchemaRace, mapNeo4jError } from 'src/store/neo4j/neo4j-errors';
import { NEO4J_QUERIES, NEO4J_UNUSED_PREFIXES } from 'src/store/neo4j/neo4j-queries';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import { backfillSearchWords } from 'src/store/neo4j/neo4j-search-words';
import type { Neo4jSession } from 'src/store/neo4j/neo4j-session';
import { backfillValidUntil } from 'src/store/neo4j/neo4j-valid-until';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';
import { toMap, toOptionalNumber, toOptionalText, toText, toTextList } from 'src/store/neo4j/neo4j-values';
import type { EmbeddingSpace, StoreConnection } from 'src/store/store-connection';

export interface Neo4jStoreConfig {
  uri: string;
  user: string;
  password: string;
  database?: string;
}

const MAX_DIMENSIONS = 4096;
const INDEX_WAIT_SECONDS = 300;
const INDEX_PROGRESS_INTERVAL_MS = 5000;
/** Tries of a one-statement read (queryOnce) before a transient error reaches the caller. */
const QUERY_ATTEMPTS = 3;
/** At close, how long queries in flight may go on before they are given up (rejected as unavailable). */
const CLOSE_GRACE_MS = 5_000;

/**
 * The one driver of a process, shared by every Neo4j store port: the Cypher registry, read/write transactions with
 * `{source}` metadata and retries (executeRead/executeWrite), driver-error mapping, schema and embedding space.
 */
export class Neo4jConnection implements StoreConnection, Neo4jSession {
  readonly kind = 'neo4j' as const;
  private readonly driver: Driver;
  private currentSpace: EmbeddingSpace | null = null;
  private readonly gate = new ClosingGate(
    () => new UnavailableError('Neo4j is unavailable (the connection is closed)'),
  );

  constructor(
    private readonly config: Neo4jStoreConfig,
    private readonly registry: CypherRegistry = CypherRegistry.load(),
    private readonly log: (line: string) => void = (line) => new Logger('Neo4j').log(line),
  ) {
    registry.assertAllUsed(NEO4J_QUERIES, { ignore: NEO4J_UNUSED_PREFIXES });
    this.driver = createDriver(config.uri, auth.basic(config.user, config.password), {
      disableLosslessIntegers: true,
      userAgent: 'engram',
    });
  }

  get space(): EmbeddingSpace | null {
    return this.currentSpace;
  }

  /**
   * Schema first (constraints must exist before the meta MERGE, so concurrent boots of api and worker cannot race),
   * then the embedding space: vectors of another model begin a migration (`Neo4jEmbeddingMigrationStore.begin` sets
   * the previous model's memory vectors aside), and an index built for another dimension is rebuilt once no vector
   * depends on it.
   */
  async init(space: EmbeddingSpace): Promise<void> {
    if (!Number.isInteger(space.dimensions) || space.dimensions < 1 || space.dimensions > MAX_DIMENSIONS) {
      throw new Error(`Embedding dimension ${space.dimensions} is not an integer between 1 and ${MAX_DIMENSIONS}`);
    }
    const dimensions = int(space.dimensions);
    await this.applySchema(dimensions);
    const [stored] = await this.read('init', (tx) => this.run(tx, 'meta/read-embedding-space', {}));
    const storedModel = toOptionalText(stored?.['model'], 'model');
    const storedDimensions = toOptionalNumber(stored?.['dimensions'], 'dimensions');
    const sameSpace = storedModel === space.model && storedDimensions === space.dimensions;
    const [index] = await this.read('init', (tx) => this.run(tx, 'meta/show-vector-index', {}));
    const indexDimensions = toOptionalNumber(index?.['dimensions'], 'dimensions');
    const indexMismatch = indexDimensions !== null && indexDimensions !== space.dimensions;
    const [migration] = await this.read('init', (tx) => this.run(tx, 'migration/read-state', {}));

    if (!sameSpace || indexMismatch) {
      const [foreign] = await this.read('init', (tx) =>
        this.run(tx, 'meta/find-foreign-vector', { model: space.model, dimensions }),
      );
      if (foreign !== undefined || (migration !== undefined && !sameSpace)) {
        const model = storedModel ?? toOptionalText(foreign?.['model'], 'model');
        const size = storedDimensions ?? toOptionalNumber(foreign?.['dimensions'], 'dimensions');
        await Neo4jEmbeddingMigrationStore.begin(
          this,
          model !== null && size !== null ? { model, dimensions: size } : null,
        );
      }
      if (indexMismatch) {
        await this.schemaWrite('init', this.registry.get('meta/drop-vector-index'), {});
        await this.schemaWrite('init', this.registry.get('meta/drop-message-vector-index'), {});
        await this.applySchema(dimensions);
      }
      await this.write('init', (tx) => this.run(tx, 'meta/write-embedding-space', { model: space.model, dimensions }));
    } else if (migration === undefined) {
      await Neo4jEmbeddingMigrationStore.cleanUp(this);
    }
    await this.rebuildChangedSearchIndexes(space.dimensions);
    await backfillSearchWords(this, (line) => this.log(line));
    await backfillValidUntil(this);
    await backfillConstraintTag(this);
    await this.read('init', (tx) => this.run(tx, 'meta/await-indexes', { timeoutSeconds: int(INDEX_WAIT_SECONDS) }));
    this.currentSpace = space;
  }

  /**
   * `CREATE ... IF NOT EXISTS` leaves an existing index as it is, so a full-text or vector index declared with other
   * fields, filter columns, analyzer or dimensions than the database holds is dropped and created again (its
   * nodes stay; the index repopulates from them, logged until online). Searches through it find nothing meanwhile.
   */
  private async rebuildChangedSearchIndexes(dimensions: number): Promise<void> {
    const declared = this.registry
      .statements('schema')
      .map((statement) => parseIndexStatement(statement, dimensions))
      .filter((definition): definition is SearchIndexDefinition => definition !== null);
    const shown = await this.read('init', (tx) => this.run(tx, 'meta/show-search-indexes', {}));
    const actual = new Map(
      shown.map((row) => {
        const definition = definitionFromShow({
          name: toText(row['name'], 'name'),
          type: toText(row['type'], 'type'),
          labelsOrTypes: toTextList(row['labelsOrTypes']),
          properties: toTextList(row['properties']),
          indexConfig:
            row['indexConfig'] !== null && typeof row['indexConfig'] === 'object'
              ? toMap(row['indexConfig'], 'indexConfig')
              : {},
          createStatement: toOptionalText(row['createStatement'], 'createStatement'),
        });

        return [definition.name, definition];
      }),
    );
    const changed = declared.filter((definition) => {
      const differences = indexDifferences(definition, actual.get(definition.name));
      if (differences.length > 0 && !differences.includes('missing')) {
        this.log(`rebuilding index ${definition.name}: ${differences.join('; ')}`);
      }

      return differences.length > 0 && !differences.includes('missing');
    });
    if (changed.length === 0) {
      return;
    }
    for (const definition of changed) {
      await this.schemaWrite('init', this.registry.get('meta/drop-index'), { name: definition.name });
    }
    await this.applySchema(int(dimensions));
    await this.logIndexProgress(changed.map((definition) => definition.name));
  }

  /** One log line every few seconds while rebuilt indexes populate, until they are online or the wait ends. */
  private async logIndexProgress(names: string[]): Promise<void> {
    const deadline = Date.now() + INDEX_WAIT_SECONDS * 1000;
    for (;;) {
      const rows = await this.read('init', (tx) => this.run(tx, 'meta/index-progress', { names }));
      const pending = rows.filter((row) => row['state'] !== 'ONLINE');
      this.log(
        `index population: ${rows.map((row) => `${String(row['name'])} ${String(row['state'])} ${Math.round(toOptionalNumber(row['populationPercent'], 'populationPercent') ?? 0)}%`).join(', ')}`,
      );
      if (pending.length === 0 || Date.now() > deadline) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, INDEX_PROGRESS_INTERVAL_MS));
    }
  }

  async close(): Promise<void> {
    await this.gate.close(CLOSE_GRACE_MS);
    await this.driver.close();
  }

  async ping(): Promise<boolean> {
    try {
      const [row] = await this.read('ping', (tx) => this.run(tx, 'meta/ping', {}));

      return row?.['success'] === true;
    } catch {
      return false;
    }
  }

  /** Runs one registry statement inside a transaction and returns its rows as plain objects. */
  async run(tx: ManagedTransaction, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    const result = await tx.run<Row>(this.registry.get(name), params);

    return result.records.map((record) => record.toObject());
  }

  /** A read transaction (retried by the driver on transient errors); `source` names the caller in server logs. */
  read<T>(source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.session('READ', source, work);
  }

  write<T>(source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.session('WRITE', source, work);
  }

  /**
   * One read statement in an auto-commit transaction: one round trip (RUN and PULL in one flight), where a managed
   * transaction adds BEGIN and COMMIT (under load a read through executeRead took 2.5x the time of this). Retried
   * on transient errors as executeRead would; for reads that are one statement only.
   */
  queryOnce(source: string, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    return this.gate.run(() => this.autoCommitRead(source, name, params));
  }

  private async autoCommitRead(source: string, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    for (let attempt = 1; ; attempt++) {
      const session = this.driver.session({ database: this.config.database, defaultAccessMode: 'READ' });
      try {
        const result = await session.run<Row>(this.registry.get(name), params, {
          metadata: { source: `engram#${source}` },
        });

        return result.records.map((record) => record.toObject());
      } catch (error) {
        if (attempt >= QUERY_ATTEMPTS || !isRetryableError(error)) {
          throw mapNeo4jError(error, source);
        }
      } finally {
        await session.close();
      }
    }
  }

  private session<T>(mode: 'READ' | 'WRITE', source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.gate.run(() => this.transaction(mode, source, work));
  }

  private async transaction<T>(
    mode: 'READ' | 'WRITE',
    source: string,
    work: (tx: ManagedTransaction) => Promise<T>,
  ): Promise<T> {
    const session = this.driver.session({ database: this.config.database, defaultAccessMode: mode });
    const metadata = { metadata: { source: `engram#${source}` } };
    try {
      return mode === 'READ' ? await session.executeRead(work, metadata) : await session.executeWrite(work, metadata);
    } catch (error) {
      throw mapNeo4jError(error, source);
    } finally {
      await session.close();
    }
  }

  private async applySchema(dimensions: Integer): Promise<void> {
    for (const statement of this.registry.statements('schema')) {
      await this.schemaWrite('init', statement, { dimensions });
    }
  }

  /** A schema statement of the registry (index and constraint changes), outside any data transaction. */
  runSchema(source: string, name: Neo4jQueryName, params: Params): Promise<void> {
    return this.schemaWrite(source, this.registry.get(name), params);
  }

  /** Schema commands cannot share a transaction with data writes; a concurrent boot creating the same rule is fine. */
  private async schemaWrite(source: string, statement: string, params: Params): Promise<void> {
    try {
      await this.write(source, (tx) => tx.run(statement, params));
    } catch (error) {
      if (!isSchemaRace(error)) {
        throw error;
      }
    }
  }
}
