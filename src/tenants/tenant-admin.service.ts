import { Inject, Injectable, Optional } from '@nestjs/common';

import { newRuntimeKey } from 'src/auth/api-key-secret';
import { ApiKeyService, DEFAULT_TENANT, keyUsable } from 'src/auth/api-key.service';
import { BadInputError, ForbiddenError, NotFoundError } from 'src/common/errors';
import { assertPrintable } from 'src/common/validation';
import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';
import { TENANT_REGISTRY } from 'src/store/tenant-registry.port';
import type { ApiKeyRecord, TenantRegistryStore } from 'src/store/tenant-registry.port';
import { TenantDataService } from 'src/tenant-data/tenant-data.service';
import { TenantSource } from 'src/tenants/tenant-admin.model';
import type { ApiKeyInfo, IssuedApiKey, TenantDeletion, TenantInfo } from 'src/tenants/tenant-admin.model';

/** Tenant ids as ENGRAM_API_KEYS allows them. */
const TENANT_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const MAX_KEY_NAME = 100;

export interface NewKeyRequest {
  tenantId: string;
  name?: string | null;
  expiresAt?: Date | null;
  readOnly?: boolean | null;
}

export function assertTenantId(id: string): string {
  if (!TENANT_ID.test(id)) {
    throw new BadInputError('a tenant id is 1-64 letters, digits or _ . -');
  }

  return id;
}

function keyInfo(record: ApiKeyRecord, now: Date): ApiKeyInfo {
  return {
    id: record.id,
    tenantId: record.tenantId,
    name: record.name,
    readOnly: record.scope === 'read',
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    revokedAt: record.revokedAt,
    active: keyUsable(record, now),
  };
}

/**
 * Tenants and their API keys at runtime (the admin API over GraphQL, REST and the CLI). Keys are made here and shown
 * once; the store keeps their scrypt hash. ENGRAM_API_KEYS stays the bootstrap: its tenants are listed (ENV) and its
 * keys keep working, but only runtime keys can be revoked or rotated.
 */
@Injectable()
export class TenantAdminService {
  constructor(
    @Inject(TENANT_REGISTRY) private readonly registry: TenantRegistryStore,
    private readonly data: TenantDataService,
    /** The key service of this process (null in the CLI): told at once of a revocation. */
    @Optional() @Inject(ApiKeyService) private readonly keys: ApiKeyService | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The admin API is for operator keys: a tenant listed in ENGRAM_OPERATOR_TENANTS. */
  assertOperator(tenantId: string): void {
    if (!this.config.operatorTenants.includes(tenantId)) {
      throw new ForbiddenError('the admin API needs an operator key (a tenant listed in ENGRAM_OPERATOR_TENANTS)');
    }
  }

  /** A tenant the store has a record of, that ENGRAM_API_KEYS names, or `default` when no keys are configured. */
  async exists(tenantId: string): Promise<boolean> {
    return this.envTenants().includes(tenantId) || (await this.registry.getTenant(tenantId)) !== null;
  }

  async createTenant(id: string, now = new Date()): Promise<TenantInfo> {
    assertTenantId(id);
    if (this.envTenants().includes(id) || !(await this.registry.createTenant({ id, createdAt: now }))) {
      throw new BadInputError(`tenant ${JSON.stringify(id)} exists already`);
    }

    return { id, source: TenantSource.STORE, createdAt: now, activeKeys: 0 };
  }

  async listTenants(now = new Date()): Promise<TenantInfo[]> {
    const keys = await this.registry.listKeys(null);
    const active = (tenantId: string): number =>
      keys.filter((k) => k.tenantId === tenantId && keyUsable(k, now)).length;
    const stored = await this.registry.listTenants();
    const envOnly = this.envTenants().filter((id) => !stored.some((t) => t.id === id));

    return [
      ...stored.map((t) => ({
        id: t.id,
        source: TenantSource.STORE,
        createdAt: t.createdAt,
        activeKeys: active(t.id),
      })),
      ...envOnly.map((id) => ({ id, source: TenantSource.ENV, createdAt: null, activeKeys: active(id) })),
    ].sort((a, b) => a.id.localeCompare(b.id));
  }

  /** Purges everything of the tenant (as `purge`) and removes its record and runtime keys (refused at once). */
  async deleteTenant(id: string): Promise<TenantDeletion> {
    assertTenantId(id);
    if (!(await this.exists(id)) && !(await this.data.hasData(id))) {
      throw new NotFoundError('tenant', id);
    }
    const keyIds = (await this.registry.listKeys(id)).map((k) => k.id);
    const removed = await this.registry.deleteTenant(id);
    for (const keyId of keyIds) {
      await this.keys?.changed(keyId);
    }
    const purged = await this.data.purgeTenant(id);

    return {
      tenantId: id,
      keys: removed.keys,
      memories: purged.memories,
      channels: purged.channels,
      messages: purged.messages,
      bulletins: purged.bulletins,
    };
  }

  async createKey(request: NewKeyRequest, now = new Date()): Promise<IssuedApiKey> {
    const tenantId = assertTenantId(request.tenantId);
    if (!(await this.exists(tenantId))) {
      throw new NotFoundError('tenant', tenantId);
    }
    const name = request.name ?? null;
    if (name !== null && (name.length === 0 || name.length > MAX_KEY_NAME)) {
      throw new BadInputError(`name must be 1-${MAX_KEY_NAME} characters`);
    }
    if (name !== null) {
      assertPrintable(name, 'name');
    }
    const expiresAt = request.expiresAt ?? null;
    if (expiresAt !== null && (Number.isNaN(expiresAt.getTime()) || expiresAt <= now)) {
      throw new BadInputError('expiresAt must be a time in the future');
    }
    const made = await newRuntimeKey();
    const record: ApiKeyRecord = {
      id: made.id,
      tenantId,
      name,
      scope: request.readOnly ? 'read' : 'full',
      salt: made.salt,
      hash: made.hash,
      createdAt: now,
      expiresAt,
      revokedAt: null,
    };
    await this.registry.createKey(record);

    return { key: made.key, apiKey: keyInfo(record, now) };
  }

  async listKeys(tenantId: string | null, now = new Date()): Promise<ApiKeyInfo[]> {
    return (await this.registry.listKeys(tenantId === null ? null : assertTenantId(tenantId))).map((k) =>
      keyInfo(k, now),
    );
  }

  async revokeKey(id: string, now = new Date()): Promise<ApiKeyInfo> {
    const revoked = await this.registry.revokeKey(id, now);
    if (!revoked) {
      throw new NotFoundError('API key', id);
    }
    await this.keys?.changed(id);

    return keyInfo(revoked, now);
  }

  /** A new key of the same tenant, name, scope and expiry; the old one is revoked at once. */
  async rotateKey(id: string, now = new Date()): Promise<IssuedApiKey> {
    const old = await this.registry.getKey(id);
    if (!old) {
      throw new NotFoundError('API key', id);
    }
    if (old.revokedAt !== null) {
      throw new BadInputError(`API key ${JSON.stringify(id)} is revoked already: create a new one`);
    }
    const issued = await this.createKey(
      {
        tenantId: old.tenantId,
        name: old.name,
        readOnly: old.scope === 'read',
        expiresAt: old.expiresAt !== null && old.expiresAt > now ? old.expiresAt : null,
      },
      now,
    );
    await this.revokeKey(id, now);

    return issued;
  }

  private envTenants(): string[] {
    return this.config.apiKeys.length === 0
      ? [DEFAULT_TENANT]
      : [...new Set(this.config.apiKeys.map((k) => k.tenantId))];
  }
}
