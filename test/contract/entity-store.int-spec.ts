import { describeEntityStoreContract } from 'test/contract/entity-store.contract';
import { availableHarnesses } from 'test/contract/store-harness';

jest.setTimeout(120_000);

for (const harness of availableHarnesses()) {
  describeEntityStoreContract(harness);
}
