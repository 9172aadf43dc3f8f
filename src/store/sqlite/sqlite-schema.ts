import type { Database } from 'better-sqlite3';

/** Ordered migrations; `PRAGMA user_version` records how many ran. Never edit a shipped one: append. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE memories (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    tenant_id TEXT NOT NULL,
    type TEXT NOT NULL,
    content TEXT NOT NULL,
    context TEXT,
    status TEXT NOT NULL,
    scope TEXT NOT NULL,
    channel_id TEXT,
    project_id TEXT,
    slot TEXT,
    importance REAL NOT NULL,
    base_importance REAL NOT NULL,
    centrality REAL NOT NULL DEFAULT 0,
    confidence REAL NOT NULL,
    tags TEXT NOT NULL DEFAULT '[]',
    fingerprint TEXT NOT NULL,
    -- equals fingerprint while the memory is ACTIVE or QUARANTINED, NULL once retired: the unique index below
    -- is what makes concurrent identical writes collapse into one memory.
    live_fingerprint TEXT,
    source_role TEXT NOT NULL,
    source_channel_id TEXT,
    source_message_id TEXT,
    source_task_id TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    last_accessed_at INTEGER,
    last_seen_at INTEGER NOT NULL,
    access_count INTEGER NOT NULL DEFAULT 0,
    superseded_by TEXT,
    embedding_model TEXT
  );
  CREATE UNIQUE INDEX memories_live_fingerprint ON memories (tenant_id, live_fingerprint)
    WHERE live_fingerprint IS NOT NULL;
  CREATE INDEX memories_tenant_created ON memories (tenant_id, created_at DESC, id DESC);
  CREATE INDEX memories_tenant_status_importance ON memories (tenant_id, status, importance DESC);
  CREATE INDEX memories_tenant_slot ON memories (tenant_id, slot) WHERE slot IS NOT NULL;
  CREATE INDEX memories_tenant_task ON memories (tenant_id, source_task_id) WHERE source_task_id IS NOT NULL;

  CREATE TABLE associations (
    tenant_id TEXT NOT NULL,
    from_id TEXT NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
    to_id TEXT NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    weight REAL NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (from_id, to_id, type)
  ) WITHOUT ROWID;
  CREATE INDEX associations_to ON associations (to_id, type);

  -- tenant holds an opaque single-token tag so a MATCH can be restricted to one tenant inside the index.
  CREATE VIRTUAL TABLE memory_fts USING fts5 (content, context, tenant, tokenize = 'porter unicode61 remove_diacritics 2');
  `,
];

export function migrate(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] ?? '');
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/** vec0 depends on the embedding dimension, so it is created for the configured space rather than by a migration. */
export function vectorTableSql(dimensions: number): string {
  if (!Number.isInteger(dimensions) || dimensions <= 0 || dimensions > 8192) {
    throw new Error(`invalid embedding dimension ${dimensions}`);
  }

  return `CREATE VIRTUAL TABLE IF NOT EXISTS memory_vectors USING vec0 (
    tenant TEXT PARTITION KEY,
    status TEXT,
    visibility TEXT,
    type TEXT,
    embedding FLOAT[${dimensions}] distance_metric=cosine
  )`;
}
