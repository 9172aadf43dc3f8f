import { int } from 'neo4j-driver';

import type { ScoredId, Visibility } from 'src/domain/memory-store.port';
import type { MessageSearchScope } from 'src/store/conversation-store.port';
import type {
  EmbeddingMigrationState,
  EmbeddingMigrationStore,
  ReembedBatch,
  ReembedKind,
} from 'src/store/embedding-migration.port';
import { isZero, visibilityParams } from 'src/store/neo4j/neo4j-memory.mapping';
import { PREVIOUS_MESSAGE_VECTORS, searchMessageVectorIndex } from 'src/store/neo4j/neo4j-message-vector-search';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import { bestFirst, widenedSearch } from 'src/store/neo4j/neo4j-search';
import type { Neo4jSession } from 'src/store/neo4j/neo4j-session';
import { toDate, toNumber, toOptionalNumber, toOptionalText, toText } from 'src/store/neo4j/neo4j-values';
import type { Row } from 'src/store/neo4j/neo4j-values';
import type { EmbeddingSpace } from 'src/store/store-connection';

/** Nodes a batch statement of the set-aside and clean-up changes per transaction. */
const BATCH = 5000;

interface MigrationRow {
  previous: EmbeddingSpace | null;
  startedAt: Date;
  setAside: boolean;
  /** Whether the previous model's message vectors were kept aside too (not by migrations begun before they were). */
  messagesSetAside: boolean;
  cursors: Record<ReembedKind, string>;
}

const PENDING: Record<ReembedKind, Neo4jQueryName> = {
  memory: 'migration/pending-memories',
  message: 'migration/pending-messages',
};
const SAVE: Record<ReembedKind, Neo4jQueryName> = {
  memory: 'migration/save-memory-vectors',
  message: 'migration/save-message-vectors',
};

function toMigration(row: Row | undefined): MigrationRow | null {
  if (row === undefined) {
    return null;
  }
  const model = toOptionalText(row['previousModel'], 'previousModel');
  const dimensions = toOptionalNumber(row['previousDimensions'], 'previousDimensions');

  return {
    previous: model !== null && dimensions !== null ? { model, dimensions } : null,
    startedAt: toDate(row['startedAt'], 'startedAt'),
    setAside: row['setAside'] === true,
    messagesSetAside: row['messagesSetAside'] === true,
    cursors: {
      memory: toOptionalText(row['memoryCursor'], 'memoryCursor') ?? '',
      message: toOptionalText(row['messageCursor'], 'messageCursor') ?? '',
    },
  };
}

/**
 * Neo4j side of an embedding-model migration: vectors keyed by (node, model) as one property and one vector index per
 * model role: `embedding` / `memory_embedding` (and `message_embedding`) hold the configured model's, and while a
 * migration runs `embeddingPrevious` / `memory_embedding_previous` (and `message_embedding_previous`) hold the
 * previous model's memory (and message) vectors. The migration itself is one `EngramMeta {key: 'embedding-migration'}`
 * node with the cursors; deleting it is the switch.
 */
export class Neo4jEmbeddingMigrationStore implements EmbeddingMigrationStore {
  constructor(private readonly connection: Neo4jSession) {}

  /**
   * Called by `Neo4jConnection.init` when stored vectors come from another model (or a migration is under way and
   * the model changed again), before the vector indexes are rebuilt for the configured dimension.
   */
  static async begin(connection: Neo4jSession, stored: EmbeddingSpace | null): Promise<void> {
    const [row] = await connection.write('migration.begin', (tx) =>
      connection.run(tx, 'migration/begin', {
        previousModel: stored?.model ?? null,
        previousDimensions: stored === null ? null : int(stored.dimensions),
      }),
    );
    const setAside = row?.['setAside'] === true;
    if (!setAside && stored !== null) {
      const dimensions = int(stored.dimensions);
      await connection.runSchema('migration.begin', 'migration/create-previous-index', { dimensions });
      await connection.runSchema('migration.begin', 'migration/create-previous-message-index', { dimensions });
      await Neo4jEmbeddingMigrationStore.repeat(connection, 'migration/set-aside-memory-vectors');
      await Neo4jEmbeddingMigrationStore.repeat(connection, 'migration/set-aside-message-vectors');
    }
    await connection.write('migration.begin', (tx) => connection.run(tx, 'migration/mark-set-aside', {}));
    await Neo4jEmbeddingMigrationStore.repeat(connection, 'migration/clear-memory-vectors');
    await Neo4jEmbeddingMigrationStore.repeat(connection, 'migration/clear-message-vectors');
  }

  /** After a switch that stopped before its clean-up: drops what is left of the previous vectors. */
  static async cleanUp(connection: Neo4jSession): Promise<void> {
    const [migration] = await connection.read('migration.cleanUp', (tx) =>
      connection.run(tx, 'migration/read-state', {}),
    );
    const [index] = await connection.read('migration.cleanUp', (tx) =>
      connection.run(tx, 'migration/show-previous-index', {}),
    );
    if (migration === undefined && index !== undefined) {
      await Neo4jEmbeddingMigrationStore.repeat(connection, 'migration/drop-previous-vectors');
      await Neo4jEmbeddingMigrationStore.repeat(connection, 'migration/drop-previous-message-vectors');
      await connection.runSchema('migration.cleanUp', 'migration/drop-previous-index', {});
      await connection.runSchema('migration.cleanUp', 'migration/drop-previous-message-index', {});
    }
  }

  /** Runs a batch statement (`RETURN count(...) AS moved`) until it changes nothing. */
  private static async repeat(connection: Neo4jSession, name: Neo4jQueryName): Promise<void> {
    for (;;) {
      const [row] = await connection.write(name, (tx) => connection.run(tx, name, { limit: int(BATCH) }));
      if (row === undefined || toNumber(row['moved'], 'moved') === 0) {
        return;
      }
    }
  }

  async state(): Promise<EmbeddingMigrationState | null> {
    const space = this.connection.space;
    const migration = await this.read();
    if (space === null || migration === null) {
      return null;
    }
    const [counts] = await this.connection.read('migration.state', (tx) =>
      this.connection.run(tx, 'migration/count-progress', {}),
    );
    const count = (key: string): number => (counts === undefined ? 0 : toNumber(counts[key], key));

    return {
      from: migration.previous,
      to: space,
      startedAt: migration.startedAt,
      progress: {
        memory: { done: count('memoriesDone'), total: count('memories') },
        message: { done: count('messagesDone'), total: count('messages') },
      },
    };
  }

  async previousSpace(): Promise<EmbeddingSpace | null> {
    return (await this.read())?.previous ?? null;
  }

  async pending(kind: ReembedKind, limit: number): Promise<ReembedBatch> {
    const migration = await this.read();
    if (migration === null) {
      return { items: [], cursor: null };
    }
    const rows = await this.connection.read('migration.pending', (tx) =>
      this.connection.run(tx, PENDING[kind], { after: migration.cursors[kind], limit: int(limit) }),
    );
    const last = rows.at(-1);

    return {
      items: rows
        .filter((row) => row['embedded'] !== true)
        .map((row) => ({
          id: toText(row['id'], 'id'),
          content: toText(row['content'], 'content'),
          speaker: toOptionalText(row['speaker'], 'speaker'),
        })),
      cursor: last === undefined ? null : toText(last['id'], 'id'),
    };
  }

  async save(kind: ReembedKind, vectors: { id: string; vector: Float32Array }[], cursor: string): Promise<void> {
    const space = this.connection.space;
    if (space === null) {
      return;
    }
    for (const { vector } of vectors) {
      if (vector.length !== space.dimensions) {
        throw new Error(`vector has ${vector.length} dimensions, the store expects ${space.dimensions}`);
      }
    }
    await this.connection.write('migration.save', async (tx) => {
      if (vectors.length > 0) {
        const rows = vectors.map(({ id, vector }) => ({ id, vector: Array.from(vector) }));
        await this.connection.run(tx, SAVE[kind], { rows, model: space.model });
      }
      await this.connection.run(tx, 'migration/save-cursor', { kind, cursor });
    });
  }

  async finish(): Promise<boolean> {
    const finished = await this.connection.write('migration.finish', async (tx) => {
      const [state] = await this.connection.run(tx, 'migration/read-state', {});
      const migration = toMigration(state);
      if (migration === null) {
        return false;
      }
      for (const kind of ['memory', 'message'] as const) {
        const left = await this.connection.run(tx, PENDING[kind], { after: migration.cursors[kind], limit: int(1) });
        if (left.length > 0) {
          return false;
        }
      }
      const [row] = await this.connection.run(tx, 'migration/finish', {});

      return row !== undefined && toNumber(row['finished'], 'finished') > 0;
    });
    if (finished) {
      await Neo4jEmbeddingMigrationStore.cleanUp(this.connection);
    }

    return finished;
  }

  async searchPrevious(
    tenantId: string,
    vector: Float32Array,
    k: number,
    visibility: Visibility,
  ): Promise<ScoredId[] | null> {
    const migration = await this.read();
    if (migration?.previous == null || vector.length !== migration.previous.dimensions) {
      return null;
    }
    if (k <= 0 || isZero(vector)) {
      return [];
    }
    const base = { tenantId, vector: Array.from(vector), ...visibilityParams(visibility) };
    const hits: ScoredId[] = [];
    for (const status of new Set(visibility.statuses)) {
      const found = await widenedSearch(k, (limit) =>
        this.connection.read('searchPrevious', (tx) =>
          this.connection.run(tx, 'migration/search-previous-memory-vectors', { ...base, status, limit: int(limit) }),
        ),
      );
      hits.push(...found.map((hit) => ({ id: hit.id, score: 2 * hit.score - 1 })));
    }

    return bestFirst(hits, k);
  }

  async searchPreviousMessages(
    tenantId: string,
    vector: Float32Array,
    k: number,
    scope: MessageSearchScope,
  ): Promise<ScoredId[] | null> {
    const migration = await this.read();
    if (migration?.previous == null || !migration.messagesSetAside || vector.length !== migration.previous.dimensions) {
      return null;
    }
    if (k <= 0 || isZero(vector)) {
      return [];
    }

    return searchMessageVectorIndex(
      PREVIOUS_MESSAGE_VECTORS,
      (name, params) => this.connection.read('searchPreviousMessages', (tx) => this.connection.run(tx, name, params)),
      tenantId,
      vector,
      k,
      scope,
    );
  }

  private async read(): Promise<MigrationRow | null> {
    const [row] = await this.connection.read('migration.state', (tx) =>
      this.connection.run(tx, 'migration/read-state', {}),
    );

    return toMigration(row);
  }
}
