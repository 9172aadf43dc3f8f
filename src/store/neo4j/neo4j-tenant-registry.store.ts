import type { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import type { Row } from 'src/store/neo4j/neo4j-values';
import {
  toDate,
  toDateTime,
  toMap,
  toNumber,
  toOptionalDate,
  toOptionalText,
  toText,
} from 'src/store/neo4j/neo4j-values';
import type { ApiKeyRecord, TenantRecord, TenantRegistryStore } from 'src/store/tenant-registry.port';

function toTenant(row: Row): TenantRecord {
  return { id: toText(row['id'], 'id'), createdAt: toDate(row['createdAt'], 'createdAt') };
}

function toKey(row: Row): ApiKeyRecord {
  const key = toMap(row['key'], 'key');

  return {
    id: toText(key['id'], 'id'),
    tenantId: toText(key['tenantId'], 'tenantId'),
    name: toOptionalText(key['name'], 'name'),
    scope: key['scope'] === 'read' ? 'read' : 'full',
    salt: toText(key['salt'], 'salt'),
    hash: toText(key['hash'], 'hash'),
    createdAt: toDate(key['createdAt'], 'createdAt'),
    expiresAt: toOptionalDate(key['expiresAt'], 'expiresAt'),
    revokedAt: toOptionalDate(key['revokedAt'], 'revokedAt'),
  };
}

export class Neo4jTenantRegistryStore implements TenantRegistryStore {
  constructor(private readonly connection: Neo4jConnection) {}

  async createTenant(tenant: TenantRecord): Promise<boolean> {
    const rows = await this.connection.write('tenant-registry#createTenant', (tx) =>
      this.connection.run(tx, 'admin/create-tenant', { id: tenant.id, createdAt: toDateTime(tenant.createdAt) }),
    );

    return rows.length > 0;
  }

  async getTenant(id: string): Promise<TenantRecord | null> {
    const [row] = await this.connection.read('tenant-registry#getTenant', (tx) =>
      this.connection.run(tx, 'admin/get-tenant', { id }),
    );

    return row ? toTenant(row) : null;
  }

  async listTenants(): Promise<TenantRecord[]> {
    const rows = await this.connection.read('tenant-registry#listTenants', (tx) =>
      this.connection.run(tx, 'admin/list-tenants', {}),
    );

    return rows.map(toTenant);
  }

  async deleteTenant(id: string): Promise<{ tenants: number; keys: number }> {
    const [row] = await this.connection.write('tenant-registry#deleteTenant', (tx) =>
      this.connection.run(tx, 'admin/delete-tenant', { id }),
    );

    return { tenants: toNumber(row?.['tenants'] ?? 0, 'tenants'), keys: toNumber(row?.['keys'] ?? 0, 'keys') };
  }

  async createKey(key: ApiKeyRecord): Promise<void> {
    await this.connection.write('tenant-registry#createKey', (tx) =>
      this.connection.run(tx, 'admin/create-key', {
        id: key.id,
        tenantId: key.tenantId,
        name: key.name,
        scope: key.scope,
        salt: key.salt,
        hash: key.hash,
        createdAt: toDateTime(key.createdAt),
        expiresAt: key.expiresAt ? toDateTime(key.expiresAt) : null,
      }),
    );
  }

  async getKey(id: string): Promise<ApiKeyRecord | null> {
    const [row] = await this.connection.read('tenant-registry#getKey', (tx) =>
      this.connection.run(tx, 'admin/get-key', { id }),
    );

    return row ? toKey(row) : null;
  }

  async listKeys(tenantId: string | null): Promise<ApiKeyRecord[]> {
    const rows = await this.connection.read('tenant-registry#listKeys', (tx) =>
      tenantId === null
        ? this.connection.run(tx, 'admin/list-keys-all', {})
        : this.connection.run(tx, 'admin/list-keys', { tenantId }),
    );

    return rows.map(toKey);
  }

  async revokeKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    const [row] = await this.connection.write('tenant-registry#revokeKey', (tx) =>
      this.connection.run(tx, 'admin/revoke-key', { id, at: toDateTime(at) }),
    );

    return row ? toKey(row) : null;
  }
}
