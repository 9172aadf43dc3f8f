import { ADMIN_QUERIES } from 'src/store/neo4j/neo4j-admin.queries';
import { CONVERSATION_QUERIES } from 'src/store/neo4j/neo4j-conversation.queries';
import { CORTEX_QUERIES } from 'src/store/neo4j/neo4j-cortex.queries';
import { ENTITY_QUERIES } from 'src/store/neo4j/neo4j-entity.queries';
import { INTEGRITY_QUERIES } from 'src/store/neo4j/neo4j-integrity.queries';
import { MEMORY_QUERIES } from 'src/store/neo4j/neo4j-memory.queries';
import { MIGRATION_QUERIES } from 'src/store/neo4j/neo4j-migration.queries';
import { TENANT_DATA_QUERIES } from 'src/store/neo4j/neo4j-tenant-data.queries';

/** The Cypher files the connection itself runs (schema, embedding space, health). */
export const META_QUERIES = [
  'schema',
  'meta/ping',
  'meta/read-embedding-space',
  'meta/write-embedding-space',
  'meta/find-foreign-vector',
  'meta/show-vector-index',
  'meta/drop-vector-index',
  'meta/drop-message-vector-index',
  'meta/await-indexes',
  'meta/show-search-indexes',
  'meta/drop-index',
  'meta/index-progress',
  'meta/pending-memory-words',
  'meta/save-memory-words',
  'meta/pending-message-words',
  'meta/save-message-words',
  'meta/backfill-valid-until',
  'meta/backfill-constraint-tag',
] as const;

/**
 * Every registry name the Neo4j adapters run: each port lists its own in `neo4j-<port>.queries.ts` and joins here.
 * The registry check at boot fails on a name without a file and on a file no adapter runs.
 */
export const NEO4J_QUERIES = [
  ...META_QUERIES,
  ...MEMORY_QUERIES,
  ...CORTEX_QUERIES,
  ...CONVERSATION_QUERIES,
  ...INTEGRITY_QUERIES,
  ...TENANT_DATA_QUERIES,
  ...MIGRATION_QUERIES,
  ...ADMIN_QUERIES,
  ...ENTITY_QUERIES,
] as const;
export type Neo4jQueryName = (typeof NEO4J_QUERIES)[number];

/**
 * Registry folders holding queries not for the adapters: for people (Neo4j Browser), and for the tests and benchmarks
 * (emptying the shared test database).
 */
export const NEO4J_UNUSED_PREFIXES = ['browser/', 'testing/'] as const;
