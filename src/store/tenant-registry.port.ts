export const TENANT_REGISTRY = Symbol('TENANT_REGISTRY');

/** A tenant created at runtime (tenants named only by ENGRAM_API_KEYS have no record). */
export interface TenantRecord {
  id: string;
  createdAt: Date;
}

export type ApiKeyScope = 'full' | 'read';

/** An API key as stored: the secret itself never is, only its scrypt hash and salt. */
export interface ApiKeyRecord {
  id: string;
  tenantId: string;
  name: string | null;
  scope: ApiKeyScope;
  /** base64 */
  salt: string;
  /** base64 scrypt(secret, salt) */
  hash: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** Tenants and their API keys as data, so an operator adds, rotates and revokes them without a restart. */
export interface TenantRegistryStore {
  /** False when a tenant by that id exists already (nothing changes). */
  createTenant(tenant: TenantRecord): Promise<boolean>;
  getTenant(id: string): Promise<TenantRecord | null>;
  listTenants(): Promise<TenantRecord[]>;
  /** Removes the tenant's record and every key of it; how many keys went. */
  deleteTenant(id: string): Promise<{ tenants: number; keys: number }>;
  createKey(key: ApiKeyRecord): Promise<void>;
  getKey(id: string): Promise<ApiKeyRecord | null>;
  /** Keys of one tenant, or of all with null; newest first. */
  listKeys(tenantId: string | null): Promise<ApiKeyRecord[]>;
  /** Sets revokedAt once; null when there is no such key. */
  revokeKey(id: string, at: Date): Promise<ApiKeyRecord | null>;
}
