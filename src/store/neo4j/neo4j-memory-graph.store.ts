import { int } from 'neo4j-driver';
import type { ManagedTransaction } from 'neo4j-driver';

import type { ChangeMarker } from 'src/domain/change-marker';
import { MemoryType, RelationType } from 'src/domain/memory.enums';
import type {
  ConsolidationRow,
  DecayFactsRow,
  DecayUpdate,
  GraphEdge,
  GraphNode,
  ImportanceUpdate,
  MemoryGraphStore,
} from 'src/store/memory-graph.port';
import { MARKER_MODULUS, MARKER_WRAP } from 'src/store/memory-graph.port';
import type { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import { toMemory } from 'src/store/neo4j/neo4j-memory.mapping';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';
import {
  toDate,
  toDateTime,
  toEnum,
  toMap,
  toNumber,
  toOptionalDate,
  toOptionalNumber,
  toOptionalText,
  toText,
} from 'src/store/neo4j/neo4j-values';

/** Rows per write-back statement: big enough to amortise round trips, small enough for one transaction's memory. */
const WRITE_BATCH = 10_000;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += WRITE_BATCH) {
    out.push(items.slice(i, i + WRITE_BATCH));
  }

  return out;
}

function toMarker(row: Row): ChangeMarker {
  return {
    tenantId: toText(row['tenantId'], 'tenantId'),
    count: toNumber(row['count'], 'count'),
    lastChangeAt: toOptionalNumber(row['lastChangeAt'], 'lastChangeAt') ?? 0,
    createdSum: toOptionalNumber(row['createdSum'], 'createdSum') ?? 0,
  };
}

export class Neo4jMemoryGraphStore implements MemoryGraphStore {
  constructor(private readonly connection: Neo4jConnection) {}

  async listTenants(): Promise<string[]> {
    const rows = await this.read('listTenants', (tx) => this.run(tx, 'cortex/list-tenants', {}));

    return rows.map((row) => toText(row['tenantId'], 'tenantId'));
  }

  async changeMarker(tenantId: string): Promise<ChangeMarker> {
    const [row] = await this.read('changeMarker', (tx) =>
      this.run(tx, 'cortex/change-markers', { tenantId, modulus: int(MARKER_MODULUS), wrap: int(MARKER_WRAP) }),
    );

    return row ? toMarker(row) : { tenantId, count: 0, lastChangeAt: 0, createdSum: 0 };
  }

  async changeMarkers(): Promise<ChangeMarker[]> {
    const rows = await this.read('changeMarkers', (tx) =>
      this.run(tx, 'cortex/change-markers-all', { modulus: int(MARKER_MODULUS), wrap: int(MARKER_WRAP) }),
    );

    return rows.map(toMarker);
  }

  async readImportanceGraph(tenantId: string): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }> {
    const rows = await this.read('readImportanceGraph', (tx) =>
      this.run(tx, 'cortex/read-importance-graph', { tenantId }),
    );
    const nodes: GraphNode[] = [];
    const edges: GraphEdge[] = [];
    for (const row of rows) {
      const id = toText(row['id'], 'id');
      nodes.push({
        id,
        baseImportance: toNumber(row['baseImportance'], 'baseImportance'),
        importance: toNumber(row['importance'], 'importance'),
        centrality: toNumber(row['centrality'], 'centrality'),
        accessCount: toNumber(row['accessCount'], 'accessCount'),
      });
      const out: unknown = row['edges'];
      for (const value of Array.isArray(out) ? out : []) {
        const edge = toMap(value, 'edge');
        edges.push({
          fromId: id,
          toId: toText(edge['toId'], 'toId'),
          type: toEnum(RelationType, edge['type'], 'type'),
          weight: toNumber(edge['weight'], 'weight'),
        });
      }
    }

    return { nodes, edges };
  }

  async writeImportance(tenantId: string, updates: ImportanceUpdate[]): Promise<number> {
    let written = 0;
    for (const batch of batches(updates)) {
      const [row] = await this.write('writeImportance', (tx) =>
        this.run(tx, 'cortex/write-importance', { tenantId, updates: batch }),
      );
      written += toOptionalNumber(row?.['written'], 'written') ?? 0;
    }

    return written;
  }

  async readDecayFacts(tenantId: string, afterId: string | null, limit: number): Promise<DecayFactsRow[]> {
    const rows = await this.read('readDecayFacts', (tx) =>
      this.run(tx, 'cortex/read-decay-facts', { tenantId, afterId: afterId ?? '', limit: int(limit) }),
    );

    return rows.map((row) => {
      const tags: unknown = row['tags'];

      return {
        id: toText(row['id'], 'id'),
        type: toEnum(MemoryType, row['type'], 'type'),
        tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
        confidence: toNumber(row['confidence'], 'confidence'),
        accessCount: toNumber(row['accessCount'], 'accessCount'),
        lastAccessedAt: toOptionalDate(row['lastAccessedAt'], 'lastAccessedAt'),
        lastSeenAt: toDate(row['lastSeenAt'], 'lastSeenAt'),
        decayScore: toOptionalNumber(row['decayScore'], 'decayScore'),
        fading: row['fading'] === true,
        expiredAt: toOptionalDate(row['expiredAt'], 'expiredAt'),
      };
    });
  }

  async writeDecay(tenantId: string, updates: DecayUpdate[], at: Date): Promise<number> {
    let written = 0;
    for (const batch of batches(updates)) {
      const rows = batch.map((u) => ({
        id: u.id,
        decayScore: u.decayScore,
        fading: u.fading,
        expiredAt: u.expiredAt ? toDateTime(u.expiredAt) : null,
      }));
      const [row] = await this.write('writeDecay', (tx) =>
        this.run(tx, 'cortex/write-decay', { tenantId, updates: rows, at: toDateTime(at) }),
      );
      written += toOptionalNumber(row?.['written'], 'written') ?? 0;
    }

    return written;
  }

  async readConsolidationCandidates(tenantId: string, since: Date | null, limit: number): Promise<ConsolidationRow[]> {
    const rows = await this.read('readConsolidationCandidates', (tx) =>
      this.run(tx, 'cortex/read-consolidation-candidates', {
        tenantId,
        since: since ? toDateTime(since) : null,
        limit: int(limit),
      }),
    );

    return rows.map((row) => {
      const memory = toMemory(row['memory']);
      const embedding: unknown = row['embedding'];

      return {
        id: memory.id,
        type: memory.type,
        content: memory.content,
        scope: memory.scope,
        channelId: memory.channelId,
        projectId: memory.projectId,
        sourceChannelId: memory.source.channelId,
        sourceRole: memory.source.role,
        slot: memory.slot,
        confidence: memory.confidence,
        importance: memory.importance,
        accessCount: memory.accessCount,
        createdAt: memory.createdAt,
        updatedAt: memory.updatedAt,
        vector: Float32Array.from(Array.isArray(embedding) ? embedding.map((x) => toNumber(x, 'embedding')) : []),
      };
    });
  }

  async readJobState(tenantId: string, job: string): Promise<string | null> {
    const [row] = await this.read('readJobState', (tx) => this.run(tx, 'cortex/read-job-state', { tenantId, job }));

    return toOptionalText(row?.['value'], 'value');
  }

  async writeJobState(tenantId: string, job: string, value: string): Promise<void> {
    await this.write('writeJobState', (tx) => this.run(tx, 'cortex/write-job-state', { tenantId, job, value }));
  }

  private run(tx: ManagedTransaction, name: Neo4jQueryName, params: Params): Promise<Row[]> {
    return this.connection.run(tx, name, params);
  }

  private read<T>(source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.connection.read(`memory-graph.store#${source}`, work);
  }

  private write<T>(source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.connection.write(`memory-graph.store#${source}`, work);
  }
}
