import { createHash } from 'node:crypto';

import { DateTime, Neo4jError, auth, driver as createDriver, int, isDateTime, isInt } from 'neo4j-driver';
import type { Driver, Integer, ManagedTransaction } from 'neo4j-driver';

import { UnavailableError } from 'src/common/errors';
import {
  Direction,
  MEMORY_TYPE_LABEL,
  MemoryScope,
  MemoryStatus,
  MemoryType,
  RelationType,
  SourceRole,
} from 'src/memory/memory.enums';
import type { AssociationRecord, AssociationView, MemoryRecord } from 'src/memory/memory.types';
import type {
  AssociationQuery,
  EmbeddingSpace,
  InsertMemoryCommand,
  InsertMemoryResult,
  MemoryDraft,
  MemoryListFilter,
  MemoryPageRows,
  MemoryStore,
  MetadataOrder,
  NeighbourRow,
  PageAfter,
  ScoredId,
  Visibility,
} from 'src/store/memory-store.port';
import { CypherRegistry } from 'src/store/neo4j/cypher-registry';

/** Every registry name this adapter runs; the registry check at construction fails on missing or unused files. */
export const NEO4J_QUERIES = [
  'schema',
  'meta/ping',
  'meta/read-embedding-space',
  'meta/write-embedding-space',
  'meta/find-foreign-vector',
  'meta/show-vector-index',
  'meta/drop-vector-index',
  'meta/await-indexes',
  'memory/merge-memory',
  'memory/create-memory',
  'memory/find-slot-holders',
  'memory/supersede-memories',
  'memory/claim-slot',
  'memory/upsert-associations',
  'memory/reinforce-memory',
  'memory/set-memory-status',
  'memory/delete-memory',
  'memory/get-memories',
  'memory/find-memory-by-fingerprint',
  'memory/find-active-memories-by-slot',
  'memory/count-memories-by-task',
  'memory/count-memories',
  'memory/list-memories',
  'memory/list-recent-memories',
  'memory/list-important-memories',
  'memory/search-memory-vectors',
  'memory/search-memory-text',
  'memory/list-associations',
  'memory/list-neighbours',
  'memory/record-access',
] as const;
export type Neo4jQueryName = (typeof NEO4J_QUERIES)[number];

/** Registry folders holding queries for people (Neo4j Browser), not for this adapter. */
export const NEO4J_UNUSED_PREFIXES = ['browser/'] as const;

export interface Neo4jStoreConfig {
  uri: string;
  user: string;
  password: string;
  database?: string;
}

type Row = Record<string, unknown>;
type Params = Record<string, unknown>;

const LIVE_STATUSES: ReadonlySet<string> = new Set([MemoryStatus.ACTIVE, MemoryStatus.QUARANTINED]);
const RELATION_TYPES: readonly string[] = Object.values(RelationType);
const MAX_DIMENSIONS = 4096;
const INDEX_WAIT_SECONDS = 300;
/** Over-fetch factor for index searches whose scope/type/tenant checks run after the index. */
const WIDEN = 4;
const MAX_QUERY_TERMS = 64;
/** Inserts that lose a race for a slot run again, and then retire the winner (the newest value wins). */
const MAX_INSERT_ATTEMPTS = 3;

const CONSTRAINT_FAILED = 'Neo.ClientError.Schema.ConstraintValidationFailed';
const SCHEMA_RACE_CODES: ReadonlySet<string> = new Set([
  'Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists',
  'Neo.ClientError.Schema.IndexAlreadyExists',
  'Neo.ClientError.Schema.ConstraintAlreadyExists',
]);
const UNAVAILABLE_CODES: ReadonlySet<string> = new Set([
  'ServiceUnavailable',
  'SessionExpired',
  'Neo.TransientError.General.DatabaseUnavailable',
]);

/** A write hit a uniqueness constraint: for inserts, a concurrent identical write won. */
export class Neo4jConstraintError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'Neo4jConstraintError';
  }
}

/** The one place driver errors become ours: constraint conflicts, unavailability, everything else wrapped. */
export function mapNeo4jError(error: unknown, source: string): Error {
  if (!(error instanceof Neo4jError)) {
    return error instanceof Error ? error : new Error(`${source} failed: ${String(error)}`);
  }
  if (error.code === CONSTRAINT_FAILED) {
    return new Neo4jConstraintError(`${source}: ${error.message}`, { cause: error });
  }
  if (UNAVAILABLE_CODES.has(error.code)) {
    return new UnavailableError(`Neo4j is unavailable (${error.code})`, { cause: error });
  }

  return new Error(`Neo4j query failed in ${source} (${error.code}): ${error.message}`, { cause: error });
}

/** One opaque alphanumeric token per tenant, a single term for the full-text analyzer. */
export function tenantKey(tenantId: string): string {
  return `t${createHash('sha256').update(tenantId).digest('hex').slice(0, 32)}`;
}

/**
 * A Lucene query for one tenant's memories made of the text's words only (lower-cased, so AND/OR/NOT are terms, not
 * operators): quotes, `*`, `-`, `~`, brackets and field syntax in user input never reach the parser. Null when the
 * text has no word.
 */
export function luceneQuery(tenantId: string, text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_QUERY_TERMS);

  const terms = unique.join(' ');

  return unique.length > 0 ? `tenantKey:${tenantKey(tenantId)} AND (content:(${terms}) OR context:(${terms})^0.5)` : null;
}

function toDateTime(date: Date): DateTime<number> {
  return new DateTime(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds() * 1_000_000,
    0,
  );
}

function toNumber(value: unknown, field: string): number {
  if (typeof value === 'number') {
    return value;
  }
  if (isInt(value)) {
    return value.toNumber();
  }
  throw new Error(`Neo4j returned ${field} = ${String(value)}, expected a number`);
}

function toDate(value: unknown, field: string): Date {
  if (isDateTime(value)) {
    return value.toStandardDate();
  }
  throw new Error(`Neo4j returned ${field} = ${String(value)}, expected a DateTime`);
}

function toOptionalNumber(value: unknown, field: string): number | null {
  return value === null || value === undefined ? null : toNumber(value, field);
}

function toOptionalDate(value: unknown, field: string): Date | null {
  return value === null || value === undefined ? null : toDate(value, field);
}

function toText(value: unknown, field: string): string {
  if (typeof value !== 'string') {
    throw new Error(`Neo4j returned ${field} = ${String(value)}, expected a string`);
  }

  return value;
}

function toOptionalText(value: unknown, field: string): string | null {
  return value === null || value === undefined ? null : toText(value, field);
}

function toEnum<E extends string>(values: Record<string, E>, value: unknown, field: string): E {
  const found = Object.values(values).find((candidate) => candidate === value);
  if (found === undefined) {
    throw new Error(`${field} ${JSON.stringify(value)} is not one of ${Object.values(values).join(', ')}`);
  }

  return found;
}

function toMap(value: unknown, field: string): Row {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`Neo4j returned ${field} = ${String(value)}, expected a map`);
  }

  return value as Row;
}

function toMemory(value: unknown): MemoryRecord {
  const m = toMap(value, 'memory');
  const tags: unknown = m['tags'];

  return {
    id: toText(m['id'], 'id'),
    tenantId: toText(m['tenantId'], 'tenantId'),
    type: toEnum(MemoryType, m['type'], 'type'),
    content: toText(m['content'], 'content'),
    context: toOptionalText(m['context'], 'context'),
    status: toEnum(MemoryStatus, m['status'], 'status'),
    scope: toEnum(MemoryScope, m['scope'], 'scope'),
    channelId: toOptionalText(m['channelId'], 'channelId'),
    projectId: toOptionalText(m['projectId'], 'projectId'),
    slot: toOptionalText(m['slot'], 'slot'),
    importance: toNumber(m['importance'], 'importance'),
    baseImportance: toNumber(m['baseImportance'], 'baseImportance'),
    centrality: toNumber(m['centrality'], 'centrality'),
    confidence: toNumber(m['confidence'], 'confidence'),
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
    fingerprint: toText(m['fingerprint'], 'fingerprint'),
    source: {
      role: toEnum(SourceRole, m['sourceRole'], 'sourceRole'),
      channelId: toOptionalText(m['sourceChannelId'], 'sourceChannelId'),
      messageId: toOptionalText(m['sourceMessageId'], 'sourceMessageId'),
      taskId: toOptionalText(m['sourceTaskId'], 'sourceTaskId'),
    },
    createdAt: toDate(m['createdAt'], 'createdAt'),
    updatedAt: toDate(m['updatedAt'], 'updatedAt'),
    lastAccessedAt: toOptionalDate(m['lastAccessedAt'], 'lastAccessedAt'),
    lastSeenAt: toDate(m['lastSeenAt'], 'lastSeenAt'),
    accessCount: toOptionalNumber(m['accessCount'], 'accessCount') ?? 0,
    supersededBy: toOptionalText(m['supersededBy'], 'supersededBy'),
    embeddingModel: toOptionalText(m['embeddingModel'], 'embeddingModel'),
  };
}

function toScoredIds(value: unknown): ScoredId[] {
  if (!Array.isArray(value)) {
    throw new Error('Neo4j returned hits that are not a list');
  }

  return value.map((hit: unknown) => {
    const row = toMap(hit, 'hit');

    return { id: toText(row['id'], 'hit.id'), score: toNumber(row['score'], 'hit.score') };
  });
}

function isZero(vector: Float32Array): boolean {
  return vector.every((x) => x === 0);
}

function relationType(value: string): RelationType {
  if (!RELATION_TYPES.includes(value)) {
    throw new Error(`Unknown relation type ${JSON.stringify(value)}`);
  }

  return value as RelationType;
}

function memoryLabel(type: MemoryType): string {
  const label = MEMORY_TYPE_LABEL[type] as string | undefined;
  if (label === undefined) {
    throw new Error(`Unknown memory type ${JSON.stringify(type)}`);
  }

  return label;
}

/** The node's properties; `liveFingerprint` carries the uniqueness constraint and only exists on live memories. */
function nodeProperties(memory: MemoryDraft, vector: Float32Array | null): Params {
  const embedded = vector !== null && !isZero(vector);

  return {
    id: memory.id,
    tenantId: memory.tenantId,
    tenantKey: tenantKey(memory.tenantId),
    type: memory.type,
    content: memory.content,
    context: memory.context,
    status: memory.status,
    scope: memory.scope,
    channelId: memory.channelId,
    projectId: memory.projectId,
    slot: memory.slot,
    importance: memory.importance,
    baseImportance: memory.baseImportance,
    centrality: memory.centrality,
    confidence: memory.confidence,
    tags: [...memory.tags],
    fingerprint: memory.fingerprint,
    liveFingerprint: LIVE_STATUSES.has(memory.status) ? memory.fingerprint : null,
    sourceRole: memory.source.role,
    sourceChannelId: memory.source.channelId,
    sourceMessageId: memory.source.messageId,
    sourceTaskId: memory.source.taskId,
    createdAt: toDateTime(memory.createdAt),
    updatedAt: toDateTime(memory.updatedAt),
    lastSeenAt: toDateTime(memory.lastSeenAt),
    lastAccessedAt: null,
    accessCount: int(0),
    supersededBy: null,
    embedding: embedded ? Array.from(vector) : null,
    embeddingModel: vector !== null ? memory.embeddingModel : null,
  };
}

function visibilityParams(visibility: Visibility): Params {
  return {
    statuses: [...visibility.statuses],
    types: [...(visibility.types ?? [])],
    projectId: visibility.projectId ?? null,
    channelId: visibility.channelId ?? null,
  };
}

export class Neo4jMemoryStore implements MemoryStore {
  readonly kind = 'neo4j' as const;
  private readonly driver: Driver;
  private readonly database: string | undefined;
  private space: EmbeddingSpace | null = null;

  constructor(
    private readonly config: Neo4jStoreConfig,
    private readonly registry: CypherRegistry = CypherRegistry.load(),
  ) {
    registry.assertAllUsed(NEO4J_QUERIES, { ignore: NEO4J_UNUSED_PREFIXES });
    this.database = config.database;
    this.driver = createDriver(config.uri, auth.basic(config.user, config.password), {
      disableLosslessIntegers: true,
      userAgent: 'engram',
    });
  }

  /**
   * Schema first (constraints must exist before the meta MERGE, so concurrent boots of api and worker cannot race),
   * then the embedding-space check: another model's vectors stop the boot; an index built for another dimension is
   * rebuilt only while no vector depends on it.
   */
  async init(space: EmbeddingSpace): Promise<void> {
    if (!Number.isInteger(space.dimensions) || space.dimensions < 1 || space.dimensions > MAX_DIMENSIONS) {
      throw new Error(`Embedding dimension ${space.dimensions} is not an integer between 1 and ${MAX_DIMENSIONS}`);
    }
    const dimensions = int(space.dimensions);
    await this.applySchema(dimensions);
    const [stored] = await this.read('init', (tx) => this.run(tx, 'meta/read-embedding-space', {}));
    const storedModel = toOptionalText(stored?.['model'], 'model');
    const sameSpace =
      storedModel === space.model && toOptionalNumber(stored?.['dimensions'], 'dimensions') === space.dimensions;
    const [index] = await this.read('init', (tx) => this.run(tx, 'meta/show-vector-index', {}));
    const indexDimensions = toOptionalNumber(index?.['dimensions'], 'dimensions');
    const indexMismatch = indexDimensions !== null && indexDimensions !== space.dimensions;

    if (!sameSpace || indexMismatch) {
      const [foreign] = await this.read('init', (tx) =>
        this.run(tx, 'meta/find-foreign-vector', { model: space.model, dimensions }),
      );
      if (foreign !== undefined) {
        const model = toOptionalText(foreign['model'], 'model') ?? storedModel ?? 'an unknown model';
        const size = toOptionalNumber(foreign['dimensions'], 'dimensions') ?? '?';
        const database = this.config.database ?? '(default)';
        throw new Error(
          `Neo4j database ${database} at ${this.config.uri} holds vectors made by embedding model "${model}" ` +
            `(${size} dimensions), but the service is configured for "${space.model}" (${space.dimensions} ` +
            `dimensions). Configure the original model again (EMBEDDINGS / OPENAI_EMBEDDING_MODEL / ` +
            `EMBEDDING_DIMENSIONS), or point NEO4J_URI / NEO4J_DATABASE at an empty database and re-import your ` +
            `memories with the new model.`,
        );
      }
      if (indexMismatch) {
        await this.schemaWrite('init', this.registry.get('meta/drop-vector-index'), {});
        await this.applySchema(dimensions);
      }
      await this.write('init', (tx) => this.run(tx, 'meta/write-embedding-space', { model: space.model, dimensions }));
    }
    await this.read('init', (tx) => this.run(tx, 'meta/await-indexes', { timeoutSeconds: int(INDEX_WAIT_SECONDS) }));
    this.space = space;
  }

  async close(): Promise<void> {
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

  async insertMemory(command: InsertMemoryCommand): Promise<InsertMemoryResult> {
    const { memory, vector } = command;
    if (vector !== null) {
      this.assertDimensions(vector);
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.write('insertMemory', (tx) => this.insertInTransaction(tx, command));
      } catch (error) {
        if (!(error instanceof Neo4jConstraintError)) {
          throw error;
        }
        const existing = LIVE_STATUSES.has(memory.status)
          ? await this.findByFingerprint(memory.tenantId, memory.fingerprint)
          : null;
        if (existing !== null) {
          return { created: false, memory: existing };
        }
        if (attempt >= MAX_INSERT_ATTEMPTS) {
          throw error;
        }
      }
    }
  }

  /**
   * One memory, its links and what it retires, in one transaction. An ACTIVE memory with a slot also retires the
   * slot's other ACTIVE memories (UPDATES edge, weight 1) and then claims the slot under a uniqueness constraint.
   */
  private async insertInTransaction(tx: ManagedTransaction, command: InsertMemoryCommand): Promise<InsertMemoryResult> {
    const { memory, vector } = command;
    const tenantId = memory.tenantId;
    const live = LIVE_STATUSES.has(memory.status);
    const [row] = await this.run(tx, live ? 'memory/merge-memory' : 'memory/create-memory', {
      tenantId,
      liveFingerprint: memory.fingerprint,
      props: nodeProperties(memory, vector),
      label: memoryLabel(memory.type),
    });
    if (row === undefined) {
      throw new Error('insertMemory: the insert returned no row');
    }
    const saved = toMemory(row['memory']);
    // A retried transaction whose first attempt committed finds its own node: that still counts as created.
    if (row['created'] !== true) {
      return { created: false, memory: saved };
    }
    const links = [...command.links];
    const supersede = [...command.supersede];
    const claimsSlot = memory.slot !== null && memory.status === MemoryStatus.ACTIVE;
    if (claimsSlot) {
      const holders = await this.run(tx, 'memory/find-slot-holders', { tenantId, slot: memory.slot, id: memory.id });
      for (const holder of holders.map((h) => toText(h['id'], 'id')).filter((id) => !supersede.includes(id))) {
        supersede.push(holder);
        links.push({ toId: holder, type: RelationType.UPDATES, weight: 1 });
      }
    }
    if (links.length > 0) {
      const edges = links.map((link) => ({
        fromId: memory.id,
        toId: link.toId,
        type: relationType(link.type),
        weight: link.weight,
        createdAt: toDateTime(memory.createdAt),
      }));
      await this.run(tx, 'memory/upsert-associations', { tenantId, edges });
    }
    const superseded =
      supersede.length > 0
        ? await this.run(tx, 'memory/supersede-memories', {
            tenantId,
            ids: supersede,
            supersededBy: memory.id,
            at: toDateTime(memory.createdAt),
          })
        : [];
    if (claimsSlot) {
      await this.run(tx, 'memory/claim-slot', { tenantId, id: memory.id });
    }

    return { created: true, memory: saved, superseded: superseded.map((r) => toMemory(r['memory'])) };
  }

  async reinforceMemory(
    tenantId: string,
    id: string,
    patch: { confidence: number; seenAt: Date },
  ): Promise<MemoryRecord | null> {
    const [row] = await this.write('reinforceMemory', (tx) =>
      this.run(tx, 'memory/reinforce-memory', {
        tenantId,
        id,
        confidence: patch.confidence,
        seenAt: toDateTime(patch.seenAt),
      }),
    );

    return row === undefined ? null : toMemory(row['memory']);
  }

  async setStatus(tenantId: string, id: string, status: MemoryStatus, at: Date): Promise<MemoryRecord | null> {
    const [row] = await this.write('setStatus', (tx) =>
      this.run(tx, 'memory/set-memory-status', {
        tenantId,
        id,
        status: toEnum(MemoryStatus, status, 'status'),
        at: toDateTime(at),
      }),
    );

    return row === undefined ? null : toMemory(row['memory']);
  }

  async deleteMemory(tenantId: string, id: string): Promise<boolean> {
    const [row] = await this.write('deleteMemory', (tx) => this.run(tx, 'memory/delete-memory', { tenantId, id }));

    return row !== undefined && toNumber(row['deleted'], 'deleted') > 0;
  }

  async getMemory(tenantId: string, id: string): Promise<MemoryRecord | null> {
    const [memory] = await this.getMemories(tenantId, [id]);

    return memory ?? null;
  }

  async getMemories(tenantId: string, ids: string[]): Promise<MemoryRecord[]> {
    if (ids.length === 0) {
      return [];
    }
    const rows = await this.read('getMemories', (tx) => this.run(tx, 'memory/get-memories', { tenantId, ids }));
    const byId = new Map(rows.map((row) => toMemory(row['memory'])).map((memory) => [memory.id, memory]));

    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async findByFingerprint(tenantId: string, fingerprint: string): Promise<MemoryRecord | null> {
    const [row] = await this.read('findByFingerprint', (tx) =>
      this.run(tx, 'memory/find-memory-by-fingerprint', { tenantId, fingerprint }),
    );

    return row === undefined ? null : toMemory(row['memory']);
  }

  async findActiveBySlot(tenantId: string, slot: string): Promise<MemoryRecord[]> {
    const rows = await this.read('findActiveBySlot', (tx) =>
      this.run(tx, 'memory/find-active-memories-by-slot', { tenantId, slot }),
    );

    return rows.map((row) => toMemory(row['memory']));
  }

  async countByTask(tenantId: string, taskId: string): Promise<number> {
    const [row] = await this.read('countByTask', (tx) =>
      this.run(tx, 'memory/count-memories-by-task', { tenantId, taskId }),
    );

    return row === undefined ? 0 : toNumber(row['total'], 'total');
  }

  async listMemories(
    tenantId: string,
    filter: MemoryListFilter,
    limit: number,
    after: PageAfter | null,
  ): Promise<MemoryPageRows> {
    const params: Params = {
      tenantId,
      statuses: [...filter.statuses],
      types: [...(filter.types ?? [])],
      scope: filter.scope ?? null,
      channelId: filter.channelId ?? null,
      projectId: filter.projectId ?? null,
      tags: [...(filter.tags ?? [])],
    };

    return this.read('listMemories', async (tx) => {
      const [count] = await this.run(tx, 'memory/count-memories', params);
      const rows = await this.run(tx, 'memory/list-memories', {
        ...params,
        afterCreatedAt: after === null ? null : toDateTime(after.createdAt),
        afterId: after?.id ?? null,
        limit: int(Math.max(0, limit) + 1),
      });

      return {
        items: rows.slice(0, Math.max(0, limit)).map((row) => toMemory(row['memory'])),
        hasMore: rows.length > limit,
        total: count === undefined ? 0 : toNumber(count['total'], 'total'),
      };
    });
  }

  async queryByMetadata(
    tenantId: string,
    visibility: Visibility,
    order: MetadataOrder,
    limit: number,
  ): Promise<MemoryRecord[]> {
    if (limit <= 0) {
      return [];
    }
    const name: Neo4jQueryName = order === 'recent' ? 'memory/list-recent-memories' : 'memory/list-important-memories';
    const rows = await this.read('queryByMetadata', (tx) =>
      this.run(tx, name, { tenantId, ...visibilityParams(visibility), limit: int(limit) }),
    );

    return rows.map((row) => toMemory(row['memory']));
  }

  async searchVectors(tenantId: string, vector: Float32Array, k: number, visibility: Visibility): Promise<ScoredId[]> {
    if (k <= 0 || this.space === null) {
      return [];
    }
    this.assertDimensions(vector);
    if (isZero(vector)) {
      return [];
    }
    const base = { tenantId, vector: Array.from(vector), ...visibilityParams(visibility) };
    const hits: ScoredId[] = [];
    // SEARCH filters on one exact status value, so each requested status is its own index search.
    for (const status of new Set(visibility.statuses)) {
      const found = await this.widenedSearch(k, (limit) =>
        this.read('searchVectors', (tx) =>
          this.run(tx, 'memory/search-memory-vectors', { ...base, status, limit: int(limit) }),
        ),
      );
      hits.push(...found.map((hit) => ({ id: hit.id, score: 2 * hit.score - 1 })));
    }

    return hits.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, k);
  }

  async searchText(tenantId: string, query: string, k: number, visibility: Visibility): Promise<ScoredId[]> {
    const lucene = luceneQuery(tenantId, query);
    if (lucene === null || k <= 0 || visibility.statuses.length === 0) {
      return [];
    }
    const params = { tenantId, query: lucene, ...visibilityParams(visibility) };
    const hits = await this.widenedSearch(k, (limit) =>
      this.read('searchText', (tx) => this.run(tx, 'memory/search-memory-text', { ...params, limit: int(limit) })),
    );

    return hits.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, k);
  }

  async upsertAssociation(edge: AssociationRecord): Promise<AssociationRecord | null> {
    const rows = await this.write('upsertAssociation', (tx) =>
      this.run(tx, 'memory/upsert-associations', {
        tenantId: edge.tenantId,
        edges: [
          {
            fromId: edge.fromId,
            toId: edge.toId,
            type: relationType(edge.type),
            weight: edge.weight,
            createdAt: toDateTime(edge.createdAt),
          },
        ],
      }),
    );
    const [row] = rows;
    if (row === undefined) {
      return null;
    }

    return {
      tenantId: edge.tenantId,
      fromId: toText(row['fromId'], 'fromId'),
      toId: toText(row['toId'], 'toId'),
      type: relationType(toText(row['type'], 'type')),
      weight: toNumber(row['weight'], 'weight'),
      createdAt: toDate(row['createdAt'], 'createdAt'),
    };
  }

  async listAssociations(tenantId: string, memoryId: string, query: AssociationQuery): Promise<AssociationView[]> {
    if (query.limit <= 0) {
      return [];
    }
    const types = query.types && query.types.length > 0 ? query.types.map(relationType) : [...RELATION_TYPES];
    const rows = await this.read('listAssociations', (tx) =>
      this.run(tx, 'memory/list-associations', {
        tenantId,
        memoryId,
        types,
        direction: query.direction ?? null,
        limit: int(query.limit),
      }),
    );

    return rows.map((row) => ({
      type: relationType(toText(row['type'], 'type')),
      direction: toEnum(Direction, row['direction'], 'direction'),
      weight: toNumber(row['weight'], 'weight'),
      memoryId: toText(row['memoryId'], 'memoryId'),
      createdAt: toDate(row['createdAt'], 'createdAt'),
    }));
  }

  async neighbours(tenantId: string, seedIds: string[], limitPerSeed: number): Promise<NeighbourRow[]> {
    if (seedIds.length === 0 || limitPerSeed <= 0) {
      return [];
    }
    const rows = await this.read('neighbours', (tx) =>
      this.run(tx, 'memory/list-neighbours', {
        tenantId,
        seedIds: [...new Set(seedIds)],
        types: [...RELATION_TYPES],
        limitPerSeed: int(limitPerSeed),
      }),
    );

    return rows.map((row) => ({
      seedId: toText(row['seedId'], 'seedId'),
      memoryId: toText(row['memoryId'], 'memoryId'),
      type: relationType(toText(row['type'], 'type')),
      direction: toEnum(Direction, row['direction'], 'direction'),
      weight: toNumber(row['weight'], 'weight'),
    }));
  }

  async recordAccess(tenantId: string, ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    await this.write('recordAccess', (tx) =>
      this.run(tx, 'memory/record-access', { tenantId, ids: [...new Set(ids)], at: toDateTime(at) }),
    );
  }

  /**
   * Runs an index search with a growing limit until it yields k visible hits or the index has nothing more to give
   * (fewer rows fetched than asked for): filters applied after the index cannot shrink the answer below k.
   */
  private async widenedSearch(k: number, search: (limit: number) => Promise<Row[]>): Promise<ScoredId[]> {
    let limit = k * WIDEN;
    for (;;) {
      const [row] = await search(limit);
      const fetched = row === undefined ? 0 : toNumber(row['fetched'], 'fetched');
      const hits = row === undefined ? [] : toScoredIds(row['hits']);
      if (hits.length >= k || fetched < limit) {
        return hits;
      }
      limit *= WIDEN;
    }
  }

  private assertDimensions(vector: Float32Array): void {
    if (this.space !== null && vector.length !== this.space.dimensions) {
      throw new Error(`vector has ${vector.length} dimensions, the store expects ${this.space.dimensions}`);
    }
  }

  private async run(tx: ManagedTransaction, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    const result = await tx.run<Row>(this.registry.get(name), params);

    return result.records.map((record) => record.toObject());
  }

  private async read<T>(source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    const session = this.driver.session({ database: this.database, defaultAccessMode: 'READ' });
    try {
      return await session.executeRead(work, { metadata: { source: `neo4j-memory.store#${source}` } });
    } catch (error) {
      throw mapNeo4jError(error, source);
    } finally {
      await session.close();
    }
  }

  private async write<T>(source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    const session = this.driver.session({ database: this.database, defaultAccessMode: 'WRITE' });
    try {
      return await session.executeWrite(work, { metadata: { source: `neo4j-memory.store#${source}` } });
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

  /** Schema commands cannot share a transaction with data writes; a concurrent boot creating the same rule is fine. */
  private async schemaWrite(source: string, statement: string, params: Params): Promise<void> {
    try {
      await this.write(source, (tx) => tx.run(statement, params));
    } catch (error) {
      const cause = error instanceof Error ? error.cause : undefined;
      if (cause instanceof Neo4jError && SCHEMA_RACE_CODES.has(cause.code)) {
        return;
      }
      throw error;
    }
  }
}
