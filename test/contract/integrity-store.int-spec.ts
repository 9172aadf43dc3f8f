import { describeIntegrityStoreContract } from 'test/contract/integrity-store.contract';
import { availableHarnesses } from 'test/contract/store-harness';

jest.setTimeout(120_000);

for (const harness of availableHarnesses()) {
  describeIntegrityStoreContract(harness);
}
