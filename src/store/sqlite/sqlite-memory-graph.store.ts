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
import { column } from 'src/store/sqlite/sqlite-columns';
import type { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { parseTags } from 'src/store/sqlite/sqlite-rows';

interface MarkerRow {
  tenant_id: string;
  n: number;
  last: number | null;
  created_sum: number | null;
}

const MARKER_SQL = `SELECT tenant_id, COUNT(*) AS n, MAX(updated_at) AS last, SUM(created_at % ${MARKER_MODULUS}) % ${MARKER_WRAP} AS created_sum
  FROM memories WHERE status = 'ACTIVE'`;

function toMarker(tenantId: string, row: MarkerRow | undefined): ChangeMarker {
  return { tenantId, count: row?.n ?? 0, lastChangeAt: row?.last ?? 0, createdSum: row?.created_sum ?? 0 };
}

export class SqliteMemoryGraphStore implements MemoryGraphStore {
  constructor(private readonly database: SqliteDatabase) {}

  listTenants(): Promise<string[]> {
    const rows = this.database
      .stmt<{ tenant_id: string }>('SELECT DISTINCT tenant_id FROM memories ORDER BY tenant_id')
      .all();

    return Promise.resolve(rows.map((row) => row.tenant_id));
  }

  changeMarker(tenantId: string): Promise<ChangeMarker> {
    const row = this.database.stmt<MarkerRow>(`${MARKER_SQL} AND tenant_id = ?`).get(tenantId);

    return Promise.resolve(toMarker(tenantId, row));
  }

  changeMarkers(): Promise<ChangeMarker[]> {
    const rows = this.database.stmt<MarkerRow>(`${MARKER_SQL} GROUP BY tenant_id`).all();

    return Promise.resolve(rows.map((row) => toMarker(row.tenant_id, row)));
  }

  readImportanceGraph(tenantId: string): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }> {
    const nodes = this.database
      .stmt<{ id: string; base_importance: number; importance: number; centrality: number; access_count: number }>(
        `SELECT id, base_importance, importance, centrality, access_count FROM memories WHERE tenant_id = ? AND status = 'ACTIVE'`,
      )
      .all(tenantId)
      .map((row) => ({
        id: row.id,
        baseImportance: row.base_importance,
        importance: row.importance,
        centrality: row.centrality,
        accessCount: row.access_count,
      }));
    // one scan of the tenant's edges, filtered here (cheaper than two id lookups per edge), as arrays, not objects
    const active = new Set(nodes.map((node) => node.id));
    const rows = this.database
      .arrays<[string, string, string, number]>(
        'SELECT from_id, to_id, type, weight FROM associations WHERE tenant_id = ?',
      )
      .all(tenantId);
    const edges: GraphEdge[] = [];
    for (const [fromId, toId, type, weight] of rows) {
      if (active.has(fromId) && active.has(toId)) {
        edges.push({ fromId, toId, type: column.relationType(type), weight });
      }
    }

    return Promise.resolve({ nodes, edges });
  }

  writeImportance(tenantId: string, updates: ImportanceUpdate[]): Promise<number> {
    const update = this.database.stmt(
      'UPDATE memories SET importance = ?, centrality = ? WHERE tenant_id = ? AND id = ?',
    );
    const written = this.database.transaction(() =>
      updates.reduce((sum, u) => sum + update.run(u.importance, u.centrality, tenantId, u.id).changes, 0),
    );

    return Promise.resolve(written);
  }

  readDecayFacts(tenantId: string, afterId: string | null, limit: number): Promise<DecayFactsRow[]> {
    const rows = this.database
      .stmt<{
        id: string;
        type: string;
        tags: string;
        confidence: number;
        access_count: number;
        last_accessed_at: number | null;
        last_seen_at: number;
        decay_score: number | null;
        fading: number;
        expired_at: number | null;
      }>(
        `SELECT id, type, tags, confidence, access_count, last_accessed_at, last_seen_at, decay_score, fading, expired_at
         FROM memories WHERE tenant_id = ? AND status = 'ACTIVE' AND id > ? ORDER BY id LIMIT ?`,
      )
      .all(tenantId, afterId ?? '', limit);

    return Promise.resolve(
      rows.map((row) => ({
        id: row.id,
        type: column.memoryType(row.type),
        tags: parseTags(row.tags),
        confidence: row.confidence,
        accessCount: row.access_count,
        lastAccessedAt: row.last_accessed_at === null ? null : new Date(row.last_accessed_at),
        lastSeenAt: new Date(row.last_seen_at),
        decayScore: row.decay_score,
        fading: row.fading === 1,
        expiredAt: row.expired_at === null ? null : new Date(row.expired_at),
      })),
    );
  }

  writeDecay(tenantId: string, updates: DecayUpdate[], at: Date): Promise<number> {
    // right-hand sides see the row before the update: updated_at moves only when the expiry flips
    const update = this.database.stmt(
      `UPDATE memories SET decay_score = ?, fading = ?, expired_at = ?,
         updated_at = CASE WHEN (expired_at IS NULL) <> (? IS NULL) THEN ? ELSE updated_at END
       WHERE tenant_id = ? AND id = ? AND status = 'ACTIVE'`,
    );
    const written = this.database.transaction(() =>
      updates.reduce((sum, u) => {
        const expiredAt = u.expiredAt?.getTime() ?? null;

        return (
          sum + update.run(u.decayScore, u.fading ? 1 : 0, expiredAt, expiredAt, at.getTime(), tenantId, u.id).changes
        );
      }, 0),
    );

    return Promise.resolve(written);
  }

  readConsolidationCandidates(tenantId: string, since: Date | null, limit: number): Promise<ConsolidationRow[]> {
    const rows = this.database
      .stmt<{
        id: string;
        type: string;
        content: string;
        scope: string;
        channel_id: string | null;
        project_id: string | null;
        source_channel_id: string | null;
        source_role: string;
        slot: string | null;
        confidence: number;
        importance: number;
        access_count: number;
        created_at: number;
        updated_at: number;
        embedding: Buffer;
      }>(
        `SELECT m.id, m.type, m.content, m.scope, m.channel_id, m.project_id, m.source_channel_id, m.source_role, m.slot,
                m.confidence, m.importance, m.access_count, m.created_at, m.updated_at, v.embedding
         FROM memories m JOIN memory_vectors v ON v.rowid = m.rowid
         WHERE m.tenant_id = ? AND m.status = 'ACTIVE' AND m.embedding_model IS NOT NULL AND m.updated_at >= ?
         ORDER BY m.updated_at, m.id LIMIT ?`,
      )
      .all(tenantId, since?.getTime() ?? 0, limit);

    return Promise.resolve(
      rows.map((row) => ({
        id: row.id,
        type: column.memoryType(row.type),
        content: row.content,
        scope: column.memoryScope(row.scope),
        channelId: row.channel_id,
        projectId: row.project_id,
        sourceChannelId: row.source_channel_id,
        sourceRole: column.sourceRole(row.source_role),
        slot: row.slot,
        confidence: row.confidence,
        importance: row.importance,
        accessCount: row.access_count,
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
        vector: new Float32Array(
          row.embedding.buffer.slice(row.embedding.byteOffset, row.embedding.byteOffset + row.embedding.byteLength),
        ),
      })),
    );
  }

  readJobState(tenantId: string, job: string): Promise<string | null> {
    const row = this.database
      .stmt<{ value: string }>('SELECT value FROM job_state WHERE tenant_id = ? AND job = ?')
      .get(tenantId, job);

    return Promise.resolve(row?.value ?? null);
  }

  writeJobState(tenantId: string, job: string, value: string): Promise<void> {
    this.database
      .stmt(
        'INSERT INTO job_state (tenant_id, job, value) VALUES (?, ?, ?) ON CONFLICT (tenant_id, job) DO UPDATE SET value = excluded.value',
      )
      .run(tenantId, job, value);

    return Promise.resolve();
  }
}
