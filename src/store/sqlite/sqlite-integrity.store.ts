import { LIVE_STATUSES } from 'src/domain/memory.enums';
import { IntegrityProblemKind } from 'src/store/integrity-store.port';
import type { IntegrityProblem, IntegrityReport, IntegrityStore, TenantCounts } from 'src/store/integrity-store.port';
import { unfinishedImport } from 'src/store/integrity/integrity-report';
import { tenantSearchToken } from 'src/store/search-terms';
import { column } from 'src/store/sqlite/sqlite-columns';
import type { SqliteDatabase, SqlValue } from 'src/store/sqlite/sqlite-database';
import { visibilityKey } from 'src/store/sqlite/sqlite-rows';

interface MemoryCheckRow {
  rowid: number;
  id: string;
  tenant_id: string;
  status: string;
  type: string;
  scope: string;
  project_id: string | null;
  channel_id: string | null;
  content: string;
  context: string | null;
  embedding_model: string | null;
  fts_rowid: number | null;
  fts_content: string | null;
  fts_context: string | null;
  fts_tenant: string | null;
}

interface VectorRow {
  rowid: number;
  tenant: string;
  status: string;
  visibility: string;
  type: string;
}

interface MessageCheckRow {
  rowid: number;
  id: string;
  tenant_id: string;
  channel_id: string;
  content: string;
  embedding_model: string | null;
  fts_rowid: number | null;
  fts_content: string | null;
  fts_tenant: string | null;
}

interface MessageVectorRow {
  rowid: number;
  tenant: string;
  channel: string;
}

/** A reference check: rows of `sql` are broken references, each named by tenant and id. */
interface ReferenceCheck {
  subject: string;
  sql: string;
  detail: string;
}

/**
 * Every edge and id reference of the schema whose target must exist in the same tenant. Foreign keys catch most of
 * these while `foreign_keys` is on; a store written with it off (or by another tool) is what this is for.
 */
const REFERENCES: readonly ReferenceCheck[] = [
  {
    subject: 'association',
    detail: 'an end of the edge is missing or belongs to another tenant',
    sql: `SELECT a.tenant_id AS tenant_id, a.from_id || ' -[' || a.type || ']-> ' || a.to_id AS id FROM associations a
          LEFT JOIN memories f ON f.id = a.from_id LEFT JOIN memories t ON t.id = a.to_id
          WHERE f.tenant_id IS NOT a.tenant_id OR t.tenant_id IS NOT a.tenant_id`,
  },
  {
    subject: 'EXTRACTED_FROM',
    detail: 'the memory or the message is missing or belongs to another tenant',
    sql: `SELECT e.tenant_id AS tenant_id, e.memory_id || ' -> ' || e.message_id AS id FROM extracted_from e
          LEFT JOIN memories m ON m.id = e.memory_id LEFT JOIN messages msg ON msg.id = e.message_id
          WHERE m.tenant_id IS NOT e.tenant_id OR msg.tenant_id IS NOT e.tenant_id`,
  },
  {
    subject: 'SUMMARIZES',
    detail: "the message's summary is missing or belongs to another channel",
    sql: `SELECT msg.tenant_id AS tenant_id, msg.summary_id || ' -> ' || msg.id AS id FROM messages msg
          LEFT JOIN summaries s ON s.id = msg.summary_id
          WHERE msg.summary_id IS NOT NULL AND (s.tenant_id IS NOT msg.tenant_id OR s.channel_id IS NOT msg.channel_id)`,
  },
  {
    subject: 'summary.previous',
    detail: 'the previous summary is missing',
    sql: `SELECT s.tenant_id AS tenant_id, s.id || ' -> ' || s.previous_id AS id FROM summaries s
          LEFT JOIN summaries p ON p.id = s.previous_id
          WHERE s.previous_id IS NOT NULL AND p.tenant_id IS NOT s.tenant_id`,
  },
  {
    subject: 'channel.summary',
    detail: "the channel's current summary is missing",
    sql: `SELECT c.tenant_id AS tenant_id, c.id || ' -> ' || c.summary_id AS id FROM channels c
          LEFT JOIN summaries s ON s.id = c.summary_id
          WHERE c.summary_id IS NOT NULL AND s.tenant_id IS NOT c.tenant_id`,
  },
  {
    subject: 'HAS_MESSAGE',
    detail: "the message's channel is missing",
    sql: `SELECT msg.tenant_id AS tenant_id, msg.channel_id || ' -> ' || msg.id AS id FROM messages msg
          WHERE NOT EXISTS (SELECT 1 FROM channels c WHERE c.tenant_id = msg.tenant_id AND c.id = msg.channel_id)`,
  },
  {
    subject: 'CITES',
    detail: 'the bulletin or the cited memory is missing or belongs to another tenant',
    sql: `SELECT coalesce(b.tenant_id, m.tenant_id) AS tenant_id, c.bulletin_id || ' -> ' || c.memory_id AS id
          FROM bulletin_citations c LEFT JOIN bulletins b ON b.id = c.bulletin_id LEFT JOIN memories m ON m.id = c.memory_id
          WHERE b.id IS NULL OR m.tenant_id IS NOT b.tenant_id`,
  },
  {
    subject: 'MENTIONS',
    detail: 'the memory or the entity is missing or belongs to another tenant',
    sql: `SELECT m.tenant_id AS tenant_id, m.memory_id || ' -> ' || m.entity_id AS id FROM entity_mentions m
          LEFT JOIN memories mem ON mem.id = m.memory_id LEFT JOIN entities e ON e.id = m.entity_id
          WHERE mem.tenant_id IS NOT m.tenant_id OR e.tenant_id IS NOT m.tenant_id`,
  },
  {
    subject: 'MERGED_INTO',
    detail: 'the entity it was merged into is missing or belongs to another tenant or kind',
    sql: `SELECT e.tenant_id AS tenant_id, e.id || ' -> ' || e.merged_into AS id FROM entities e
          LEFT JOIN entities t ON t.id = e.merged_into
          WHERE e.merged_into IS NOT NULL AND (t.tenant_id IS NOT e.tenant_id OR t.kind IS NOT e.kind)`,
  },
  {
    subject: 'supersededBy',
    detail: 'the memory that superseded it is missing',
    sql: `SELECT m.tenant_id AS tenant_id, m.id || ' -> ' || m.superseded_by AS id FROM memories m
          LEFT JOIN memories s ON s.id = m.superseded_by
          WHERE m.superseded_by IS NOT NULL AND s.tenant_id IS NOT m.tenant_id`,
  },
];

function tableExists(db: SqliteDatabase['db'], name: string): boolean {
  return db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(name) !== undefined;
}

export class SqliteIntegrityStore implements IntegrityStore {
  private readonly db: SqliteDatabase['db'];

  constructor(database: SqliteDatabase) {
    this.db = database.db;
  }

  checkIntegrity(): Promise<IntegrityReport> {
    // one read transaction: a snapshot of the WAL, so a running server's writes cannot show up half-done
    const run = this.db.transaction((): IntegrityReport => {
      const problems: IntegrityProblem[] = [
        ...this.checkMemories(),
        ...this.checkMessages(),
        ...this.checkReferences(),
        ...this.checkActiveRules(),
        ...this.checkImports(),
      ];

      return { store: 'sqlite', tenants: this.countTenants(), problems };
    });

    return Promise.resolve(run());
  }

  private checkImports(): IntegrityProblem[] {
    if (!tableExists(this.db, 'import_runs')) {
      return [];
    }
    const rows = this.db
      .prepare<[], { tenant_id: string; file_digest: string; started_at: number }>('SELECT * FROM import_runs')
      .all();

    return rows.map((row) => unfinishedImport(row.tenant_id, row.file_digest, new Date(row.started_at)));
  }

  private checkMemories(): IntegrityProblem[] {
    const problems: IntegrityProblem[] = [];
    const hasVectors = tableExists(this.db, 'memory_vectors');
    const vectorOf = hasVectors
      ? this.db.prepare<[number], VectorRow>(
          'SELECT rowid, tenant, status, visibility, type FROM memory_vectors WHERE rowid = ?',
        )
      : null;
    const rows = this.db.prepare<[], MemoryCheckRow>(
      `SELECT m.rowid, m.id, m.tenant_id, m.status, m.type, m.scope, m.project_id, m.channel_id, m.content, m.context,
              m.embedding_model, f.rowid AS fts_rowid, f.content AS fts_content, f.context AS fts_context, f.tenant AS fts_tenant
       FROM memories m LEFT JOIN memory_fts f ON f.rowid = m.rowid`,
    );
    for (const m of rows.iterate()) {
      const problem = (kind: IntegrityProblemKind, detail: string): void => {
        problems.push({ kind, tenantId: m.tenant_id, subject: 'memory', id: m.id, detail });
      };
      if (m.fts_rowid === null) {
        problem(IntegrityProblemKind.MISSING_TEXT, 'no memory_fts row');
      } else if (m.fts_tenant !== tenantSearchToken(m.tenant_id)) {
        problem(IntegrityProblemKind.STALE_TEXT, "the memory_fts row carries another tenant's token");
      } else if (m.fts_content !== m.content || m.fts_context !== (m.context ?? '')) {
        problem(IntegrityProblemKind.STALE_TEXT, 'the memory_fts row holds other text than the memory');
      }
      if (m.embedding_model === null) {
        continue;
      }
      const vector = vectorOf?.get(m.rowid);
      if (!vector) {
        problem(IntegrityProblemKind.MISSING_VECTOR, `no memory_vectors row (embedded by ${m.embedding_model})`);
        continue;
      }
      const expected: Record<string, string> = {
        tenant: m.tenant_id,
        status: m.status,
        visibility: visibilityKey(column.memoryScope(m.scope), m.project_id, m.channel_id),
        type: m.type,
      };
      const wrong = Object.keys(expected).filter((column) => vector[column as keyof VectorRow] !== expected[column]);
      if (wrong.length > 0) {
        problem(IntegrityProblemKind.STALE_VECTOR, `memory_vectors ${wrong.join(', ')} differ from the memory`);
      }
    }
    problems.push(
      ...this.orphans('memory_fts', 'memories', IntegrityProblemKind.ORPHAN_TEXT),
      ...(hasVectors ? this.orphans('memory_vectors', 'memories', IntegrityProblemKind.ORPHAN_VECTOR, 'tenant') : []),
    );

    return problems;
  }

  private checkMessages(): IntegrityProblem[] {
    const problems: IntegrityProblem[] = [];
    const hasVectors = tableExists(this.db, 'message_vectors');
    const vectorOf = hasVectors
      ? this.db.prepare<[number], MessageVectorRow>(
          'SELECT rowid, tenant, channel FROM message_vectors WHERE rowid = ?',
        )
      : null;
    const rows = this.db.prepare<[], MessageCheckRow>(
      `SELECT msg.rowid, msg.id, msg.tenant_id, msg.channel_id, msg.content, msg.embedding_model,
              f.rowid AS fts_rowid, f.content AS fts_content, f.tenant AS fts_tenant
       FROM messages msg LEFT JOIN message_fts f ON f.rowid = msg.rowid`,
    );
    for (const msg of rows.iterate()) {
      const problem = (kind: IntegrityProblemKind, detail: string): void => {
        problems.push({ kind, tenantId: msg.tenant_id, subject: 'message', id: msg.id, detail });
      };
      if (msg.fts_rowid === null) {
        problem(IntegrityProblemKind.MISSING_TEXT, 'no message_fts row');
      } else if (msg.fts_tenant !== tenantSearchToken(msg.tenant_id) || msg.fts_content !== msg.content) {
        problem(IntegrityProblemKind.STALE_TEXT, 'the message_fts row holds another text or tenant token');
      }
      if (msg.embedding_model === null) {
        continue;
      }
      const vector = vectorOf?.get(msg.rowid);
      if (!vector) {
        problem(IntegrityProblemKind.MISSING_VECTOR, `no message_vectors row (embedded by ${msg.embedding_model})`);
      } else if (vector.tenant !== msg.tenant_id || vector.channel !== msg.channel_id) {
        problem(IntegrityProblemKind.STALE_VECTOR, 'message_vectors tenant or channel differ from the message');
      }
    }
    problems.push(
      ...this.orphans('message_fts', 'messages', IntegrityProblemKind.ORPHAN_TEXT),
      ...(hasVectors ? this.orphans('message_vectors', 'messages', IntegrityProblemKind.ORPHAN_VECTOR, 'tenant') : []),
    );

    return problems;
  }

  /** Rows of a search table whose rowid names no row of `owner`. Table names are fixed strings of this file. */
  private orphans(table: string, owner: string, kind: IntegrityProblemKind, tenantColumn?: string): IntegrityProblem[] {
    const rows = this.db
      .prepare<[], { rowid: number; tenant: string | null }>(
        `SELECT s.rowid AS rowid, ${tenantColumn ? `s.${tenantColumn}` : 'NULL'} AS tenant FROM ${table} s
         WHERE NOT EXISTS (SELECT 1 FROM ${owner} o WHERE o.rowid = s.rowid)`,
      )
      .all();

    return rows.map((row) => ({
      kind,
      tenantId: row.tenant,
      subject: table,
      id: `rowid ${row.rowid}`,
      detail: `a ${table} row without its ${owner} row`,
    }));
  }

  private checkReferences(): IntegrityProblem[] {
    return REFERENCES.flatMap((check) =>
      this.db
        .prepare<[], { tenant_id: string | null; id: string | null }>(check.sql)
        .all()
        .map((row) => ({
          kind: IntegrityProblemKind.DANGLING_EDGE,
          tenantId: row.tenant_id,
          subject: check.subject,
          id: row.id ?? '?',
          detail: check.detail,
        })),
    );
  }

  private checkActiveRules(): IntegrityProblem[] {
    const groups = (column: 'slot' | 'fingerprint', kind: IntegrityProblemKind): IntegrityProblem[] =>
      this.db
        .prepare<[], { tenant_id: string; key: string; ids: string; n: number }>(
          `SELECT tenant_id, ${column} AS key, group_concat(id, ', ') AS ids, count(*) AS n FROM memories
           WHERE status = 'ACTIVE' AND ${column} IS NOT NULL GROUP BY tenant_id, ${column} HAVING count(*) > 1`,
        )
        .all()
        .map((row) => ({
          kind,
          tenantId: row.tenant_id,
          subject: column,
          id: row.key,
          detail: `${row.n} ACTIVE memories: ${row.ids}`,
        }));
    const unguarded = this.db
      .prepare<string[], { tenant_id: string; id: string; status: string }>(
        `SELECT tenant_id, id, status FROM memories
         WHERE (live_fingerprint IS NOT NULL AND live_fingerprint <> fingerprint)
            OR (status NOT IN (${LIVE_STATUSES.map(() => '?').join(', ')}) AND live_fingerprint IS NOT NULL)`,
      )
      .all(...LIVE_STATUSES)
      .map((row) => ({
        kind: IntegrityProblemKind.UNGUARDED_MEMORY,
        tenantId: row.tenant_id,
        subject: 'memory',
        id: row.id,
        detail: `${row.status}, but it holds a live fingerprint that is not (or no longer) its own`,
      }));

    return [
      ...groups('slot', IntegrityProblemKind.DUPLICATE_ACTIVE_SLOT),
      ...groups('fingerprint', IntegrityProblemKind.DUPLICATE_ACTIVE_FINGERPRINT),
      ...unguarded,
    ];
  }

  private countTenants(): TenantCounts[] {
    const tenants = new Map<string, TenantCounts>();
    const of = (tenantId: string): TenantCounts => {
      let counts = tenants.get(tenantId);
      if (!counts) {
        counts = {
          tenantId,
          memories: 0,
          byStatus: {},
          withoutVector: 0,
          associations: 0,
          channels: 0,
          messages: 0,
          summaries: 0,
          bulletins: 0,
        };
        tenants.set(tenantId, counts);
      }

      return counts;
    };
    const statusRows = this.db
      .prepare<[], { tenant_id: string; status: string; n: number; unembedded: number }>(
        `SELECT tenant_id, status, count(*) AS n, sum(embedding_model IS NULL) AS unembedded
         FROM memories GROUP BY tenant_id, status ORDER BY tenant_id, status`,
      )
      .all();
    for (const row of statusRows) {
      const counts = of(row.tenant_id);
      counts.memories += row.n;
      counts.byStatus[row.status] = row.n;
      counts.withoutVector += row.unembedded;
    }
    const simple: [keyof Omit<TenantCounts, 'tenantId' | 'byStatus' | 'memories' | 'withoutVector'>, string][] = [
      ['associations', 'associations'],
      ['channels', 'channels'],
      ['messages', 'messages'],
      ['summaries', 'summaries'],
      ['bulletins', 'bulletins'],
    ];
    for (const [field, table] of simple) {
      for (const row of this.db
        .prepare<SqlValue[], { tenant_id: string; n: number }>(
          `SELECT tenant_id, count(*) AS n FROM ${table} GROUP BY tenant_id`,
        )
        .all()) {
        of(row.tenant_id)[field] = row.n;
      }
    }

    return [...tenants.values()].sort((a, b) => a.tenantId.localeCompare(b.tenantId));
  }
}
