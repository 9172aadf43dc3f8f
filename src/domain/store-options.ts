/**
 * Which store a process opens and where: read from the environment by `config/`, passed as plain options to
 * `store/` (which does not read the configuration itself).
 */
export type StoreOptions = SqliteStoreOptions | Neo4jStoreOptions;

export interface SqliteStoreOptions {
  kind: 'sqlite';
  file: string;
  /** Tenants with at least this many memory vectors are searched through an in-memory binary index. */
  vectorIndexMinRows: number;
  /** The same for message vectors. */
  messageVectorIndexMinRows: number;
}

export interface Neo4jStoreOptions {
  kind: 'neo4j';
  uri: string;
  user: string;
  password: string;
  database?: string;
}
