import { int } from 'neo4j-driver';
import type { ManagedTransaction } from 'neo4j-driver';

import type { ChangeMarker } from 'src/domain/change-marker';
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
import {
  toConsolidationRow,
  toDecayFacts,
  toImportanceNode,
  toMarker,
} from 'src/store/neo4j/neo4j-memory-graph.mapping';
import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';
import { toDateTime, toOptionalNumber, toOptionalText, toText } from 'src/store/neo4j/neo4j-values';

/** Rows per write-back statement: big enough to amortise round trips, small enough for one transaction's memory. */
const WRITE_BATCH = 10_000;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += WRITE_BATCH) {
    out.push(items.slice(i, i + WRITE_BATCH));
  }

  return out;
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
      const { node, edges: out } = toImportanceNode(row);
      nodes.push(node);
      for (const edge of out) {
        edges.push(edge);
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

    return rows.map(toDecayFacts);
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

    return rows.map(toConsolidationRow);
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
