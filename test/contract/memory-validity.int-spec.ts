import { describeValidityContract } from 'test/contract/memory-validity.contract';
import { availableHarnesses } from 'test/contract/store-harness';

jest.setTimeout(120_000);

for (const harness of availableHarnesses()) {
  describeValidityContract(harness);
}
