import { describeTaskVisibilityContract } from 'test/contract/memory-task-visibility.contract';
import { availableHarnesses } from 'test/contract/store-harness';

jest.setTimeout(120_000);

for (const harness of availableHarnesses()) {
  describeTaskVisibilityContract(harness);
}
