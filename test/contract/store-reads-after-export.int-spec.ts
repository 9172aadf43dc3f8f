import type { Stores } from 'src/store/stores';
import { describeConversationStoreContract } from 'test/contract/conversation-store.contract';
import { describeCortexStoreContract } from 'test/contract/cortex-store.contract';
import { describeIntegrityStoreContract } from 'test/contract/integrity-store.contract';
import { describeMemoryStoreContract } from 'test/contract/memory-store.contract';
import { sqliteHarness } from 'test/contract/store-harness';
import type { StoreHarness } from 'test/contract/store-harness';
import { describeTenantDataStoreContract } from 'test/contract/tenant-data-store.contract';

jest.setTimeout(120_000);

/**
 * Every store read after a whole export of an (empty) tenant: the export once switched a statement it shared with the
 * bulletin store to bare values (`.pluck()`), and every bulletin read of every tenant failed until restart. The SQLite
 * adapter does its work inside the call, so the export has run when `open` returns.
 */
function afterExport(harness: StoreHarness): StoreHarness {
  return {
    ...harness,
    open(): Stores {
      const stores = harness.open();
      const data = stores.tenantData;
      const tenant = 'exported-before-the-contract';
      void Promise.all([
        data.exportChannels(tenant, null, 10),
        data.exportSummaries(tenant, null, 10),
        data.exportMessages(tenant, null, 10),
        data.exportMemories(tenant, null, 10),
        data.exportBulletins(tenant),
        data.existingIds(tenant, 'memory', ['a']),
        data.existingIds(tenant, 'message', ['a']),
      ]);

      return stores;
    },
  };
}

const harness = afterExport(sqliteHarness());
describeCortexStoreContract(harness);
describeMemoryStoreContract(harness);
describeConversationStoreContract(harness);
describeTenantDataStoreContract(harness);
describeIntegrityStoreContract(harness);
