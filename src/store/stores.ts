import type { MemoryStore } from 'src/domain/memory-store.port';
import type { StoreOptions } from 'src/domain/store-options';
import type { BulletinStore } from 'src/store/bulletin-store.port';
import type { ConversationStore } from 'src/store/conversation-store.port';
import type { EmbeddingMigrationStore } from 'src/store/embedding-migration.port';
import type { EntityStore } from 'src/store/entity-store.port';
import type { IntegrityStore } from 'src/store/integrity-store.port';
import type { LlmUsageStore } from 'src/store/llm-usage-store.port';
import type { MemoryGraphStore } from 'src/store/memory-graph.port';
import { Neo4jBulletinStore } from 'src/store/neo4j/neo4j-bulletin.store';
import { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import type { Neo4jStoreConfig } from 'src/store/neo4j/neo4j-connection';
import { Neo4jConversationStore } from 'src/store/neo4j/neo4j-conversation.store';
import { Neo4jEmbeddingMigrationStore } from 'src/store/neo4j/neo4j-embedding-migration.store';
import { Neo4jEntityStore } from 'src/store/neo4j/neo4j-entity.store';
import { Neo4jIntegrityStore } from 'src/store/neo4j/neo4j-integrity.store';
import { Neo4jLlmUsageStore } from 'src/store/neo4j/neo4j-llm-usage.store';
import { Neo4jMemoryGraphStore } from 'src/store/neo4j/neo4j-memory-graph.store';
import { Neo4jMemoryStore } from 'src/store/neo4j/neo4j-memory.store';
import { Neo4jTenantDataStore } from 'src/store/neo4j/neo4j-tenant-data.store';
import { Neo4jTenantRegistryStore } from 'src/store/neo4j/neo4j-tenant-registry.store';
import { SqliteBulletinStore } from 'src/store/sqlite/sqlite-bulletin.store';
import { SqliteConversationStore } from 'src/store/sqlite/sqlite-conversation.store';
import { SqliteDatabase } from 'src/store/sqlite/sqlite-database';
import { SqliteEmbeddingMigrationStore } from 'src/store/sqlite/sqlite-embedding-migration.store';
import { SqliteEntityStore } from 'src/store/sqlite/sqlite-entity.store';
import { SqliteIntegrityStore } from 'src/store/sqlite/sqlite-integrity.store';
import { SqliteLlmUsageStore } from 'src/store/sqlite/sqlite-llm-usage.store';
import { SqliteMemoryGraphStore } from 'src/store/sqlite/sqlite-memory-graph.store';
import { SqliteMemoryStore } from 'src/store/sqlite/sqlite-memory.store';
import { SqliteTenantDataStore } from 'src/store/sqlite/sqlite-tenant-data.store';
import { SqliteTenantRegistryStore } from 'src/store/sqlite/sqlite-tenant-registry.store';
import type { StoreConnection } from 'src/store/store-connection';
import type { TenantDataStore } from 'src/store/tenant-data.port';
import type { TenantRegistryStore } from 'src/store/tenant-registry.port';

/** Every store port of a process over one shared connection; a new port adds its adapter here once per backend. */
export interface Stores {
  connection: StoreConnection;
  memories: MemoryStore;
  bulletins: BulletinStore;
  graph: MemoryGraphStore;
  llmUsage: LlmUsageStore;
  conversations: ConversationStore;
  tenantData: TenantDataStore;
  integrity: IntegrityStore;
  embeddingMigration: EmbeddingMigrationStore;
  tenants: TenantRegistryStore;
  entities: EntityStore;
}

export function openSqliteStores(
  file: string,
  options: { vectorIndexMinRows?: number; messageVectorIndexMinRows?: number } = {},
): Stores {
  const database = new SqliteDatabase({ file });
  const memories = new SqliteMemoryStore(database, options);
  const conversations = new SqliteConversationStore(database, {
    vectorIndexMinRows: options.messageVectorIndexMinRows,
  });

  return {
    connection: database,
    memories,
    bulletins: new SqliteBulletinStore(database),
    graph: new SqliteMemoryGraphStore(database),
    llmUsage: new SqliteLlmUsageStore(database),
    conversations,
    tenantData: new SqliteTenantDataStore(database, memories, conversations),
    integrity: new SqliteIntegrityStore(database),
    embeddingMigration: new SqliteEmbeddingMigrationStore(database, memories, conversations),
    tenants: new SqliteTenantRegistryStore(database),
    entities: new SqliteEntityStore(database),
  };
}

export function openNeo4jStores(config: Neo4jStoreConfig): Stores {
  const connection = new Neo4jConnection(config);

  return {
    connection,
    memories: new Neo4jMemoryStore(connection),
    bulletins: new Neo4jBulletinStore(connection),
    graph: new Neo4jMemoryGraphStore(connection),
    llmUsage: new Neo4jLlmUsageStore(connection),
    conversations: new Neo4jConversationStore(connection),
    tenantData: new Neo4jTenantDataStore(connection),
    integrity: new Neo4jIntegrityStore(connection),
    embeddingMigration: new Neo4jEmbeddingMigrationStore(connection),
    tenants: new Neo4jTenantRegistryStore(connection),
    entities: new Neo4jEntityStore(connection),
  };
}

export function openStores(store: StoreOptions): Stores {
  return store.kind === 'neo4j'
    ? openNeo4jStores(store)
    : openSqliteStores(store.file, {
        vectorIndexMinRows: store.vectorIndexMinRows,
        messageVectorIndexMinRows: store.messageVectorIndexMinRows,
      });
}
