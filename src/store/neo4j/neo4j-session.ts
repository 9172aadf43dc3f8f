import type { ManagedTransaction } from 'neo4j-driver';

import type { Neo4jQueryName } from 'src/store/neo4j/neo4j-queries';
import type { Params, Row } from 'src/store/neo4j/neo4j-values';
import type { EmbeddingSpace } from 'src/store/store-connection';

/**
 * What the embedding migration store and the search-word backfill need of the connection. `Neo4jConnection`
 * implements it and calls both during `init`, so they take this interface instead of importing the class back.
 */
export interface Neo4jSession {
  readonly space: EmbeddingSpace | null;
  run(tx: ManagedTransaction, name: Neo4jQueryName, params: Params): Promise<Row[]>;
  read<T>(source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T>;
  write<T>(source: string, work: (tx: ManagedTransaction) => Promise<T>): Promise<T>;
  runSchema(source: string, name: Neo4jQueryName, params: Params): Promise<void>;
}
