import { availableHarnesses, sqliteHarness } from 'test/contract/store-harness';
import { describeTenantDataStoreContract } from 'test/contract/tenant-data-store.contract';

// Neo4j round trips (and its index population on first init) are slower than an in-process SQLite file.
jest.setTimeout(120_000);

for (const harness of [...availableHarnesses(), sqliteHarness(true)]) {
  describeTenantDataStoreContract(harness);
}
