import { describeConversationStoreContract } from 'test/contract/conversation-store.contract';
import { availableHarnesses, sqliteHarness } from 'test/contract/store-harness';

// Neo4j round trips (and its index population on first init) are slower than an in-process SQLite file.
jest.setTimeout(120_000);

for (const harness of [...availableHarnesses(), sqliteHarness(true)]) {
  describeConversationStoreContract(harness);
}
