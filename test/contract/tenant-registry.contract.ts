import { randomUUID } from 'node:crypto';

import type { Stores } from 'src/store/stores';
import type { ApiKeyRecord } from 'src/store/tenant-registry.port';
import { SPACE } from 'test/contract/memory-fixtures';
import type { StoreHarness } from 'test/contract/store-harness';

const AT = new Date('2026-01-02T03:04:05.000Z');

function key(tenantId: string, overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: randomUUID().replace(/-/g, '').slice(0, 16),
    tenantId,
    name: 'app',
    scope: 'full',
    salt: 'c2FsdA==',
    hash: 'aGFzaA==',
    createdAt: AT,
    expiresAt: null,
    revokedAt: null,
    ...overrides,
  };
}

/** Tenants and API keys as data (the admin API's store): every adapter must pass it unchanged. */
export function describeTenantRegistryContract(harness: StoreHarness): void {
  describe(`Tenant registry contract (${harness.name})`, () => {
    let stores: Stores;
    let tenants: string[] = [];

    function tenant(): string {
      const id = `registry-${randomUUID().slice(0, 8)}`;
      tenants.push(id);

      return id;
    }

    beforeAll(async () => {
      stores = harness.open();
      await stores.connection.init(SPACE);
    });

    afterEach(async () => {
      for (const id of tenants) {
        await stores.tenants.deleteTenant(id);
      }
      tenants = [];
    });

    afterAll(async () => {
      await stores.connection.close();
      harness.dispose();
    });

    it('creates a tenant once, reads and lists it, and deletes it with its keys', async () => {
      const id = tenant();
      expect(await stores.tenants.createTenant({ id, createdAt: AT })).toBe(true);
      expect(await stores.tenants.createTenant({ id, createdAt: new Date() })).toBe(false);
      expect(await stores.tenants.getTenant(id)).toEqual({ id, createdAt: AT });
      expect((await stores.tenants.listTenants()).filter((t) => t.id === id)).toEqual([{ id, createdAt: AT }]);
      await stores.tenants.createKey(key(id));
      await stores.tenants.createKey(key(id));

      expect(await stores.tenants.deleteTenant(id)).toEqual({ tenants: 1, keys: 2 });
      expect(await stores.tenants.getTenant(id)).toBeNull();
      expect(await stores.tenants.listKeys(id)).toEqual([]);
      expect(await stores.tenants.deleteTenant(id)).toEqual({ tenants: 0, keys: 0 });
    });

    it('stores a key as given, lists a tenant’s keys newest first, and revokes once', async () => {
      const id = tenant();
      const other = tenant();
      const older = key(id, { expiresAt: new Date('2027-01-01T00:00:00.000Z'), scope: 'read', name: null });
      const newer = key(id, { createdAt: new Date(AT.getTime() + 1000) });
      await stores.tenants.createKey(older);
      await stores.tenants.createKey(newer);
      await stores.tenants.createKey(key(other));

      expect(await stores.tenants.getKey(older.id)).toEqual(older);
      expect((await stores.tenants.listKeys(id)).map((k) => k.id)).toEqual([newer.id, older.id]);
      const all = (await stores.tenants.listKeys(null)).map((k) => k.tenantId);
      expect(all).toEqual(expect.arrayContaining([id, id, other]));

      const revokedAt = new Date(AT.getTime() + 5000);
      expect(await stores.tenants.revokeKey(older.id, revokedAt)).toEqual({ ...older, revokedAt });
      // a second revocation keeps the first time
      expect((await stores.tenants.revokeKey(older.id, new Date()))?.revokedAt).toEqual(revokedAt);
      expect(await stores.tenants.revokeKey('0000000000000000', revokedAt)).toBeNull();
      expect(await stores.tenants.getKey('0000000000000000')).toBeNull();
    });
  });
}
