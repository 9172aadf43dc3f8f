import { describeEmbeddingMigrationContract } from 'test/contract/embedding-migration.contract';
import { availableHarnesses } from 'test/contract/store-harness';

jest.setTimeout(120_000);

// This suite re-creates the vector indexes with other dimensions and migrates every row of the database. On Neo4j
// Enterprise give it a database of its own (NEO4J_MIGRATION_DATABASE); otherwise --runInBand keeps the others out.
const harnesses = (): ReturnType<typeof availableHarnesses> => availableHarnesses('NEO4J_MIGRATION_DATABASE');

for (const index of harnesses().keys()) {
  // a fresh harness (a new SQLite file) per scenario: each one changes the store's embedding model
  describeEmbeddingMigrationContract(() => harnesses()[index]!);
}
