import { availableHarnesses } from 'test/contract/store-harness';
import { describeTenantRegistryContract } from 'test/contract/tenant-registry.contract';

jest.setTimeout(120_000);

for (const harness of availableHarnesses()) {
  describeTenantRegistryContract(harness);
}
