import type { ScoredId } from 'src/domain/memory-store.port';
import { toScoredIds } from 'src/store/neo4j/neo4j-memory.mapping';
import type { Row } from 'src/store/neo4j/neo4j-values';
import { toNumber } from 'src/store/neo4j/neo4j-values';

/** Over-fetch factor for index searches whose scope/type/tenant checks run after the index. */
export const WIDEN = 4;

/**
 * Runs an index search with a growing limit until it yields k visible hits or the index has nothing more to give
 * (fewer rows fetched than asked for): filters applied after the index cannot shrink the answer below k. The
 * statement returns one row `{fetched, hits}`.
 */
export async function widenedSearch(k: number, search: (limit: number) => Promise<Row[]>): Promise<ScoredId[]> {
  let limit = k * WIDEN;
  for (;;) {
    const [row] = await search(limit);
    const fetched = row === undefined ? 0 : toNumber(row['fetched'], 'fetched');
    const hits = row === undefined ? [] : toScoredIds(row['hits']);
    if (hits.length >= k || fetched < limit) {
      return hits;
    }
    limit *= WIDEN;
  }
}

/** Best first; ties by id, so both adapters answer in the same order. */
export function bestFirst(hits: ScoredId[], k: number): ScoredId[] {
  return hits.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, k);
}
