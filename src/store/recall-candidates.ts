import type { CandidateQuery, Candidates, MemoryStore } from 'src/domain/memory-store.port';

/**
 * A hybrid recall's reads through the single-purpose port methods: both searches side by side, then the seeds'
 * neighbours, then every record they name. The SQLite adapter's way (each call is a function call), and the Neo4j
 * adapter's when its one-statement read does not apply.
 */
export async function composeCandidates(
  store: MemoryStore,
  tenantId: string,
  query: CandidateQuery,
): Promise<Candidates> {
  const { k, visibility } = query;
  // text first: a store that runs it on another thread (SQLite over many rows) overlaps it with the vector search
  const textSearch = store.searchText(tenantId, query.text, k, visibility);
  const [vector, text] = await Promise.all([
    query.vectorHits ?? (query.vector ? store.searchVectors(tenantId, query.vector, k, visibility) : []),
    textSearch,
  ]);
  const neighbours = await store.neighbours(tenantId, query.seeds(text, vector), query.neighboursPerSeed);

  return {
    text,
    vector,
    neighbours,
    memories: await store.getMemories(tenantId, candidateIds(text, vector, neighbours, query.alsoRead)),
  };
}

/** Every memory a recall's reads name: hits first, then the neighbours' ends, then the others asked for. */
export function candidateIds(
  text: readonly { id: string }[],
  vector: readonly { id: string }[],
  neighbours: readonly { seedId: string; memoryId: string }[],
  alsoRead: readonly string[] = [],
): string[] {
  const ids = new Set([...text, ...vector].map((hit) => hit.id));
  for (const row of neighbours) {
    ids.add(row.seedId);
    ids.add(row.memoryId);
  }
  for (const id of alsoRead) {
    ids.add(id);
  }

  return [...ids];
}
