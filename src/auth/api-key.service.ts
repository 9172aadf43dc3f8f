import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';

import { APP_CONFIG } from 'src/config/config';
import type { AppConfig } from 'src/config/config';

export const DEFAULT_TENANT = 'default';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Maps `Bearer <key>` to a tenant. Keys are kept only as SHA-256 digests and compared in constant time. */
@Injectable()
export class ApiKeyService {
  private readonly keys: readonly { tenantId: string; digest: Buffer }[];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.keys = config.apiKeys.map((k) => ({ tenantId: k.tenantId, digest: digest(k.key) }));
  }

  /** Single-user mode: no keys configured, the service listens on loopback only and serves one tenant. */
  get open(): boolean {
    return this.keys.length === 0;
  }

  tenantFor(authorization: unknown): string | null {
    if (this.open) {
      return DEFAULT_TENANT;
    }
    if (typeof authorization !== 'string') {
      return null;
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match?.[1]) {
      return null;
    }
    const presented = digest(match[1]);
    let tenant: string | null = null;
    // visit every key so the time taken does not depend on which one matched
    for (const key of this.keys) {
      if (timingSafeEqual(presented, key.digest) && tenant === null) {
        tenant = key.tenantId;
      }
    }

    return tenant;
  }
}
