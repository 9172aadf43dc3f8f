import type { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import type { ApiKeyRecord, ApiKeyScope, TenantRecord, TenantRegistryStore } from 'src/store/tenant-registry.port';

interface KeyRow {
  id: string;
  tenant_id: string;
  name: string | null;
  scope: string;
  salt: string;
  hash: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
}

function toKey(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    scope: row.scope === 'read' ? 'read' : ('full' satisfies ApiKeyScope),
    salt: row.salt,
    hash: row.hash,
    createdAt: new Date(row.created_at),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
}

export class SqliteTenantRegistryStore implements TenantRegistryStore {
  constructor(private readonly database: SqliteDatabase) {}

  createTenant(tenant: TenantRecord): Promise<boolean> {
    const result = this.database
      .stmt('INSERT INTO tenants (id, created_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING')
      .run(tenant.id, tenant.createdAt.getTime());

    return Promise.resolve(result.changes > 0);
  }

  getTenant(id: string): Promise<TenantRecord | null> {
    const row = this.database
      .stmt<{ id: string; created_at: number }>('SELECT id, created_at FROM tenants WHERE id = ?')
      .get(id);

    return Promise.resolve(row ? { id: row.id, createdAt: new Date(row.created_at) } : null);
  }

  listTenants(): Promise<TenantRecord[]> {
    const rows = this.database
      .stmt<{ id: string; created_at: number }>('SELECT id, created_at FROM tenants ORDER BY id')
      .all();

    return Promise.resolve(rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at) })));
  }

  deleteTenant(id: string): Promise<{ tenants: number; keys: number }> {
    return Promise.resolve(
      this.database.transaction(() => ({
        keys: this.database.stmt('DELETE FROM api_keys WHERE tenant_id = ?').run(id).changes,
        tenants: this.database.stmt('DELETE FROM tenants WHERE id = ?').run(id).changes,
      })),
    );
  }

  createKey(key: ApiKeyRecord): Promise<void> {
    this.database
      .stmt(
        `INSERT INTO api_keys (id, tenant_id, name, scope, salt, hash, created_at, expires_at, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        key.id,
        key.tenantId,
        key.name,
        key.scope,
        key.salt,
        key.hash,
        key.createdAt.getTime(),
        key.expiresAt?.getTime() ?? null,
        key.revokedAt?.getTime() ?? null,
      );

    return Promise.resolve();
  }

  getKey(id: string): Promise<ApiKeyRecord | null> {
    const row = this.database.stmt<KeyRow>('SELECT * FROM api_keys WHERE id = ?').get(id);

    return Promise.resolve(row ? toKey(row) : null);
  }

  listKeys(tenantId: string | null): Promise<ApiKeyRecord[]> {
    const rows =
      tenantId === null
        ? this.database.stmt<KeyRow>('SELECT * FROM api_keys ORDER BY created_at DESC, id').all()
        : this.database
            .stmt<KeyRow>('SELECT * FROM api_keys WHERE tenant_id = ? ORDER BY created_at DESC, id')
            .all(tenantId);

    return Promise.resolve(rows.map(toKey));
  }

  revokeKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    return Promise.resolve(
      this.database.transaction(() => {
        this.database
          .stmt('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
          .run(at.getTime(), id);
        const row = this.database.stmt<KeyRow>('SELECT * FROM api_keys WHERE id = ?').get(id);

        return row ? toKey(row) : null;
      }),
    );
  }
}
