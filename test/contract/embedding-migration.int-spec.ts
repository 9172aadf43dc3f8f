import { describeEmbeddingMigrationContract } from 'test/contract/embedding-migration.contract';
import { availableHarnesses } from 'test/contract/store-harness';

jest.setTimeout(120_000);

for (const index of availableHarnesses().keys()) {
  // a fresh harness (a new SQLite file) per scenario: each one changes the store's embedding model
  describeEmbeddingMigrationContract(() => availableHarnesses()[index]!);
}
