import { int } from 'neo4j-driver';
import type { ManagedTransaction } from 'neo4j-driver';

import type {
  AssociationOf,
  AssociationQuery,
  CandidateQuery,
  Candidates,
  InsertBatchCommand,
  InsertMemoryCommand,
  InsertMemoryResult,
  MemoryListFilter,
  MemoryPageRows,
  MemoryStore,
  MetadataOrder,
  NeighbourRow,
  PageAfter,
  ScoredId,
  Visibility,
} from 'src/domain/memory-store.port';
import { BatchItemError, TaskBudgetExceededError } from 'src/domain/memory-store.port';
import { CONSTRAINT_TAG, Direction, isLive, LIVE_STATUSES, MemoryStatus, RelationType } from 'src/domain/memory.enums';
import type { AssociationRecord, AssociationView, MemoryRecord } from 'src/domain/memory.types';
import { claimsSlot, retireSlotHolders } from 'src/domain/slot-rule';
import { luceneAllWordsQuery, luceneQuery } from 'src/store/neo4j/lucene-query';
import type { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import { Neo4jConstraintError } from 'src/store/neo4j/neo4j-errors';
import { mergePlainMemories, plainRuns, upsertBatchEdges } from 'src/store/neo4j/neo4j-memory-batch';
import type { BatchEdge } from 'src/store/neo4j/neo4j-memory-batch';
import {
  ALL_RELATION_TYPES,
  insertedProperties,
  isZero,
  memoryLabel,
  relationType,
  toMemory,
  visibilityParams,
} from 'src/store/neo4j/neo4j-memory.mapping';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import { readCandidates } from 'src/store/neo4j/neo4j-recall-reads';
import { bestFirst, widenedSearch } from 'src/store/neo4j/neo4j-search';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';
import { toDate, toDateTime, toEnum, toNumber, toText } from 'src/store/neo4j/neo4j-values';

const METADATA_QUERY: Record<MetadataOrder, Neo4jQueryName> = {
  recent: 'memory/list-recent-memories',
  importance: 'memory/list-important-memories',
  accessed: 'memory/list-accessed-memories',
};

/**
 * Inserts that lose a race for a slot claimed outside the slot lock (a status change, an import) run again, and then
 * retire the winner (the newest value wins).
 */
const MAX_INSERT_ATTEMPTS = 3;

export class Neo4jMemoryStore implements MemoryStore {
  readonly kind = 'neo4j' as const;

  constructor(private readonly connection: Neo4jConnection) {}

  async insertMemory(command: InsertMemoryCommand): Promise<InsertMemoryResult> {
    const { memory, vector } = command;
    if (vector !== null) {
      this.assertDimensions(vector);
    }
    for (let attempt = 1; ; attempt++) {
      let runs = 0;
      try {
        return await this.write('insertMemory', (tx) => this.insertInTransaction(tx, command, runs++ > 0));
      } catch (error) {
        if (!(error instanceof Neo4jConstraintError)) {
          throw error;
        }
        const existing = isLive(memory.status)
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

  async insertMemories(command: InsertBatchCommand): Promise<InsertMemoryResult[]> {
    for (const [index, item] of command.items.entries()) {
      try {
        if (item.vector !== null) {
          this.assertDimensions(item.vector);
        }
      } catch (error) {
        throw new BatchItemError(index, error);
      }
    }
    for (let attempt = 1; ; attempt++) {
      // the item at work, named in the error; the driver's own errors leave the transaction function unwrapped, so
      // it still retries transient ones
      let at = -1;
      let runs = 0;
      try {
        return await this.write('insertMemories', (tx) =>
          this.insertBatchInTransaction(tx, command.items, runs++ > 0, (index) => (at = index)),
        );
      } catch (error) {
        // a lost race for a slot: the whole batch runs again and then retires the winner
        if (!(error instanceof Neo4jConstraintError) || attempt >= MAX_INSERT_ATTEMPTS) {
          throw at >= 0 ? new BatchItemError(at, error) : error;
        }
      }
    }
  }

  private async insertBatchInTransaction(
    tx: ManagedTransaction,
    items: InsertMemoryCommand[],
    replay: boolean,
    working: (index: number) => void,
  ): Promise<InsertMemoryResult[]> {
    const results: InsertMemoryResult[] = [];
    const run = this.run.bind(this);
    // consecutive plain inserts go together in UNWIND statements, the others one by one, in the batch's order
    for (const { start, end, plain } of plainRuns(items)) {
      if (plain) {
        const at = (index: number): void => working(index < 0 ? -1 : start + index);
        const tenantId = items[start]?.memory.tenantId ?? '';
        results.push(...(await mergePlainMemories(run, tx, tenantId, items.slice(start, end), replay, at)));
      } else {
        working(start);
        results.push(await this.insertInTransaction(tx, { ...items[start]!, links: [] }, replay));
      }
    }
    // an item that was a duplicate stands for the memory it matched, as the end of its own links and of others'
    const saved = new Map(items.map((item, index) => [item.memory.id, results[index]?.memory.id ?? item.memory.id]));
    const edges = new Map<string, BatchEdge[]>();
    for (const [index, item] of items.entries()) {
      const fromId = saved.get(item.memory.id) ?? item.memory.id;
      const list = edges.get(item.memory.tenantId) ?? [];
      for (const link of item.links) {
        list.push({
          index,
          fromId,
          toId: saved.get(link.toId) ?? link.toId,
          type: link.type,
          weight: link.weight,
          createdAt: item.memory.createdAt,
        });
      }
      edges.set(item.memory.tenantId, list);
    }
    for (const [tenantId, list] of edges) {
      await upsertBatchEdges(run, tx, tenantId, list, working);
    }
    working(-1);

    return results;
  }

  /**
   * One memory, its links and what it retires, in one transaction. An ACTIVE memory with a slot also retires the
   * slot's other ACTIVE memories (UPDATES edge, weight 1) and then claims the slot under a uniqueness constraint.
   * `replay`: the driver runs this transaction function again (a retry), so a node with this insert's id may be the
   * one its earlier run committed.
   */
  private async insertInTransaction(
    tx: ManagedTransaction,
    command: InsertMemoryCommand,
    replay: boolean,
  ): Promise<InsertMemoryResult> {
    const { memory } = command;
    const tenantId = memory.tenantId;
    const live = isLive(memory.status);
    const [row] = await this.run(tx, live ? 'memory/merge-memory' : 'memory/create-memory', {
      tenantId,
      liveFingerprint: memory.fingerprint,
      props: insertedProperties(command),
      label: memoryLabel(memory.type),
    });
    if (row === undefined) {
      throw new Error('insertMemory: the insert returned no row');
    }
    const saved = toMemory(row['memory']);
    // the same insert again finds its own node: a duplicate, unless a retried transaction finds what its first run
    // committed, which this insert did create
    if (row['ours'] !== true || (row['fresh'] !== true && !replay)) {
      return { created: false, memory: saved };
    }
    const taskId = memory.source.taskId;
    if (command.taskBudget !== undefined && command.taskBudget !== null && taskId !== null) {
      const [budget] = await this.run(tx, 'memory/count-task-writes', {
        tenantId,
        taskId,
        at: toDateTime(memory.createdAt),
      });
      if (budget !== undefined && toNumber(budget['used'], 'used') > command.taskBudget) {
        throw new TaskBudgetExceededError(taskId, command.taskBudget);
      }
    }
    const claims = claimsSlot(memory);
    if (claims) {
      await this.run(tx, 'memory/lock-slot', { tenantId, slot: memory.slot, at: toDateTime(memory.createdAt) });
    }
    const holders = claims
      ? await this.run(tx, 'memory/find-slot-holders', { tenantId, slot: memory.slot, id: memory.id })
      : [];
    const { links, supersede } = retireSlotHolders(
      command,
      holders.map((h) => toText(h['id'], 'id')),
    );
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
            validUntil: toDateTime(memory.occurredAt),
          })
        : [];
    if (claims) {
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

  async supersedeInto(tenantId: string, survivorId: string, ids: string[], at: Date): Promise<MemoryRecord[]> {
    const others = ids.filter((id) => id !== survivorId);
    if (others.length === 0) {
      return [];
    }

    return this.write('supersedeInto', async (tx) => {
      const [row] = await this.run(tx, 'memory/get-memories', { tenantId, ids: [survivorId] });
      const survivor = row === undefined ? null : toMemory(row['memory']);
      if (survivor?.status !== MemoryStatus.ACTIVE) {
        return [];
      }
      const rows = await this.run(tx, 'memory/supersede-memories', {
        tenantId,
        ids: others,
        supersededBy: survivorId,
        at: toDateTime(at),
        validUntil: toDateTime(survivor.occurredAt),
      });
      const retired = rows.map((row) => toMemory(row['memory']));
      if (retired.length > 0) {
        const edges = retired.map((m) => ({
          fromId: survivorId,
          toId: m.id,
          type: RelationType.UPDATES,
          weight: 1,
          createdAt: toDateTime(at),
        }));
        await this.run(tx, 'memory/upsert-associations', { tenantId, edges });
      }

      return retired;
    });
  }

  /**
   * The statement checks for another holder of the fingerprint and slot, then takes them; a concurrent reactivation of
   * a twin can take them in between, and the uniqueness constraint then fails the commit (not a transient error, so the
   * driver does not retry). Running it again sees the committed holder and leaves them to it, as SQLite does.
   */
  async setStatus(tenantId: string, id: string, status: MemoryStatus, at: Date): Promise<MemoryRecord | null> {
    const params = {
      tenantId,
      id,
      status: toEnum(MemoryStatus, status, 'status'),
      liveStatuses: [...LIVE_STATUSES],
      at: toDateTime(at),
    };
    for (let attempt = 1; ; attempt++) {
      try {
        const [row] = await this.write('setStatus', (tx) => this.run(tx, 'memory/set-memory-status', params));

        return row === undefined ? null : toMemory(row['memory']);
      } catch (error) {
        if (!(error instanceof Neo4jConstraintError) || attempt >= MAX_INSERT_ATTEMPTS) {
          throw error;
        }
      }
    }
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
    const rows = await this.queryOnce('getMemories', 'memory/get-memories', { tenantId, ids });
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

  async slotHistory(tenantId: string, slot: string, limit: number): Promise<MemoryRecord[]> {
    if (limit <= 0) {
      return [];
    }
    const rows = await this.read('slotHistory', (tx) =>
      this.run(tx, 'memory/slot-history', { tenantId, slot, limit: int(limit) }),
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
      asOf: filter.asOf === undefined ? null : toDateTime(filter.asOf),
    };

    // the rules (tagged `constraint`, read by every context) through their indexed marker
    const rules = filter.tags?.includes(CONSTRAINT_TAG) ?? false;

    return this.read('listMemories', async (tx) => {
      const [count] = await this.run(tx, rules ? 'memory/count-constraint-memories' : 'memory/count-memories', params);
      const rows = await this.run(tx, rules ? 'memory/list-constraint-memories' : 'memory/list-memories', {
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
    const name: Neo4jQueryName = METADATA_QUERY[order];
    const rows = await this.read('queryByMetadata', (tx) =>
      this.run(tx, name, { tenantId, ...visibilityParams(visibility), limit: int(limit) }),
    );

    return rows.map((row) => toMemory(row['memory']));
  }

  async searchVectors(tenantId: string, vector: Float32Array, k: number, visibility: Visibility): Promise<ScoredId[]> {
    if (k <= 0 || this.connection.space === null) {
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
      const found = await widenedSearch(k, (limit) =>
        this.queryOnce('searchVectors', 'memory/search-memory-vectors', { ...base, status, limit: int(limit) }),
      );
      hits.push(...found.map((hit) => ({ id: hit.id, score: 2 * hit.score - 1 })));
    }

    return bestFirst(hits, k);
  }

  async searchText(tenantId: string, query: string, k: number, visibility: Visibility): Promise<ScoredId[]> {
    const lucene = luceneQuery(tenantId, query);
    if (lucene === null || k <= 0 || visibility.statuses.length === 0) {
      return [];
    }
    const params = { tenantId, query: lucene, ...visibilityParams(visibility) };
    const hits = await widenedSearch(k, (limit) =>
      this.queryOnce('searchText', 'memory/search-memory-text', { ...params, limit: int(limit) }),
    );

    return bestFirst(hits, k);
  }

  async findMentions(tenantId: string, phrase: string, statuses: MemoryStatus[], k: number): Promise<ScoredId[]> {
    const lucene = luceneAllWordsQuery(tenantId, phrase);
    if (lucene === null || k <= 0 || statuses.length === 0) {
      return [];
    }
    const params = { tenantId, query: lucene, statuses: [...statuses] };
    const hits = await widenedSearch(k, (limit) =>
      this.read('findMentions', (tx) => this.run(tx, 'memory/find-mentions', { ...params, limit: int(limit) })),
    );

    return bestFirst(hits, k);
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
    return (await this.listAssociationsOf(tenantId, [memoryId], query)).map(({ ofId: _ofId, ...view }) => view);
  }

  async listAssociationsOf(tenantId: string, memoryIds: string[], query: AssociationQuery): Promise<AssociationOf[]> {
    if (memoryIds.length === 0 || query.limit <= 0) {
      return [];
    }
    const types = query.types && query.types.length > 0 ? query.types.map(relationType) : [...ALL_RELATION_TYPES];
    const rows = await this.read('listAssociationsOf', (tx) =>
      this.run(tx, 'memory/list-associations', {
        tenantId,
        memoryIds: [...new Set(memoryIds)],
        types,
        direction: query.direction ?? null,
        limit: int(query.limit),
      }),
    );

    return rows.map((row) => ({
      ofId: toText(row['ofId'], 'ofId'),
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
    const rows = await this.queryOnce('neighbours', 'memory/list-neighbours', {
      tenantId,
      seedIds: [...new Set(seedIds)],
      types: [...ALL_RELATION_TYPES],
      limitPerSeed: int(limitPerSeed),
    });

    return rows.map((row) => ({
      seedId: toText(row['seedId'], 'seedId'),
      memoryId: toText(row['memoryId'], 'memoryId'),
      type: relationType(toText(row['type'], 'type')),
      direction: toEnum(Direction, row['direction'], 'direction'),
      weight: toNumber(row['weight'], 'weight'),
    }));
  }

  recallCandidates(tenantId: string, query: CandidateQuery): Promise<Candidates> {
    return readCandidates(this.connection, this, tenantId, query);
  }

  async recordAccess(tenantId: string, ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    await this.write('recordAccess', (tx) =>
      this.run(tx, 'memory/record-access', { tenantId, ids: [...new Set(ids)], at: toDateTime(at) }),
    );
  }

  private assertDimensions(vector: Float32Array): void {
    const space = this.connection.space;
    if (space !== null && vector.length !== space.dimensions) {
      throw new Error(`vector has ${vector.length} dimensions, the store expects ${space.dimensions}`);
    }
  }

  private run(tx: ManagedTransaction, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    return this.connection.run(tx, name, params);
  }

  private queryOnce(source: string, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    return this.connection.queryOnce(`memory.store#${source}`, name, params);
  }

  private read<T>(source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.connection.read(`memory.store#${source}`, work);
  }

  private write<T>(source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.connection.write(`memory.store#${source}`, work);
  }
}
