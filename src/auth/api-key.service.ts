import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import { LRUCache } from 'lru-cache';

import { parseRuntimeKey, secretMatches, sha256 } from 'src/auth/api-key-secret';
import { KeyWatch } from 'src/auth/key-watch';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { TENANT_REGISTRY } from 'src/store/tenant-registry.port';
import type { ApiKeyRecord, TenantRegistryStore } from 'src/store/tenant-registry.port';

export const DEFAULT_TENANT = 'default';

/** Who is calling: the tenant, the runtime key used (null: a key of ENGRAM_API_KEYS, or none), and its scope. */
export interface Caller {
  tenantId: string;
  keyId: string | null;
  readOnly: boolean;
}

/** For a process that checks only ENGRAM_API_KEYS: knows no runtime key. */
export const NO_REGISTRY: TenantRegistryStore = {
  createTenant: () => Promise.resolve(false),
  getTenant: () => Promise.resolve(null),
  listTenants: () => Promise.resolve([]),
  deleteTenant: () => Promise.resolve({ tenants: 0, keys: 0 }),
  createKey: () => Promise.reject(new Error('no tenant registry in this process')),
  getKey: () => Promise.resolve(null),
  listKeys: () => Promise.resolve([]),
  revokeKey: () => Promise.resolve(null),
};

function bearer(authorization: unknown): string | null {
  return typeof authorization === 'string' ? (/^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? null) : null;
}

/** A key record the store answered with (or its absence), kept for `cacheMs`. */
type Cached = { record: ApiKeyRecord | null };

/** Whether a stored key may be used now. */
export function keyUsable(record: ApiKeyRecord | null, now: Date): record is ApiKeyRecord {
  return record !== null && record.revokedAt === null && (record.expiresAt === null || record.expiresAt > now);
}

/**
 * Maps `Bearer <key>` to a caller. Keys of ENGRAM_API_KEYS (the bootstrap) are kept as SHA-256 digests and compared in
 * constant time. Runtime keys (`egk_<id>_<secret>`, made by the admin API) are looked up by id in the store and their
 * secret checked against its scrypt hash once per process (then remembered by digest); the record itself is read
 * again after `cacheMs`, so a key revoked on any process is refused by every other one within that time.
 */
@Injectable()
export class ApiKeyService implements OnApplicationShutdown {
  private readonly envKeys: readonly { tenantId: string; digest: Buffer }[];
  private readonly records: LRUCache<string, Cached>;
  /** key id -> SHA-256 of the whole key whose secret matched (saves the scrypt on every request). */
  private readonly verified = new LRUCache<string, string>({ max: 10_000 });
  readonly watch: KeyWatch;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(TENANT_REGISTRY) private readonly registry: TenantRegistryStore,
  ) {
    this.envKeys = config.apiKeys.map((k) => ({ tenantId: k.tenantId, digest: sha256(k.key) }));
    this.records = new LRUCache<string, Cached>({ max: 10_000, ttl: config.apiKeyCacheMs });
    this.watch = new KeyWatch((keyId) => this.stillValid(keyId), Math.max(50, Math.floor(config.apiKeyCacheMs / 2)));
  }

  /** Single-user mode: no keys configured, the service listens on loopback only and serves one tenant. */
  get open(): boolean {
    return this.envKeys.length === 0;
  }

  async authenticate(authorization: unknown): Promise<Caller | null> {
    const presented = bearer(authorization);
    const runtime = presented === null ? null : parseRuntimeKey(presented);
    if (runtime && presented) {
      return this.runtimeCaller(presented, runtime.id, runtime.secret);
    }

    return this.envCaller(authorization);
  }

  /** The caller of a key of ENGRAM_API_KEYS (or of none, without keys): no store involved. */
  envCaller(authorization: unknown): Caller | null {
    const presented = bearer(authorization);
    if (this.open) {
      return { tenantId: DEFAULT_TENANT, keyId: null, readOnly: false };
    }
    if (presented === null) {
      return null;
    }
    const digest = sha256(presented);
    let tenant: string | null = null;
    // visit every key so the time taken does not depend on which one matched
    for (const key of this.envKeys) {
      if (timingSafeEqual(digest, key.digest) && tenant === null) {
        tenant = key.tenantId;
      }
    }

    return tenant === null ? null : { tenantId: tenant, keyId: null, readOnly: false };
  }

  /** Whether a runtime key is still usable (not revoked, not expired), as this process's cache knows it. */
  async stillValid(keyId: string): Promise<boolean> {
    return keyUsable(await this.record(keyId), new Date());
  }

  /** After a change made by this process (revocation, deletion): read the key again, and close its sessions now. */
  async changed(keyId: string): Promise<void> {
    this.records.delete(keyId);
    this.verified.delete(keyId);
    await this.watch.sweep();
  }

  onApplicationShutdown(): void {
    this.watch.stop();
  }

  private async runtimeCaller(presented: string, keyId: string, secret: string): Promise<Caller | null> {
    const record = await this.record(keyId);
    if (!keyUsable(record, new Date())) {
      return null;
    }
    const digest = sha256(presented).toString('hex');
    if (this.verified.get(keyId) !== digest) {
      if (!(await secretMatches(secret, record))) {
        return null;
      }
      this.verified.set(keyId, digest);
    }

    return { tenantId: record.tenantId, keyId, readOnly: record.scope === 'read' };
  }

  private async record(keyId: string): Promise<ApiKeyRecord | null> {
    const cached = this.records.get(keyId);
    if (cached) {
      return cached.record;
    }
    const record = await this.registry.getKey(keyId);
    this.records.set(keyId, { record });

    return record;
  }
}
