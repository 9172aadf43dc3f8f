import { int } from 'neo4j-driver';

import type { CandidateQuery, Candidates, MemoryStore, NeighbourRow, ScoredId } from 'src/domain/memory-store.port';
import { Direction } from 'src/domain/memory.enums';
import type { MemoryRecord } from 'src/domain/memory.types';
import { luceneQuery } from 'src/store/neo4j/lucene-query';
import type { Neo4jConnection } from 'src/store/neo4j/neo4j-connection';
import { memoryFromColumns } from 'src/store/neo4j/neo4j-memory-columns';
import {
  ALL_RELATION_TYPES,
  isZero,
  relationType,
  toScoredIds,
  visibilityParams,
} from 'src/store/neo4j/neo4j-memory.mapping';
import { bestFirst, WIDEN } from 'src/store/neo4j/neo4j-search';
import type { Row } from 'src/store/neo4j/neo4j-values';
import { toEnum, toMap, toNumber, toText } from 'src/store/neo4j/neo4j-values';
import { candidateIds, composeCandidates } from 'src/store/recall-candidates';

const SOURCE = 'memory.store#recallCandidates';

/**
 * recallCandidates on Neo4j: both searches, the hits' records and their heaviest edges in one statement (one round
 * trip), the seeds picked from those edges, and a second read only for neighbours that were no hit. Falls back to
 * the single-purpose calls (`composeCandidates`) when the vector hits come from elsewhere, when a search must be
 * widened (filters after the index left fewer than k of a full page), and for the cases those calls refuse or
 * answer empty without a query.
 */
export async function readCandidates(
  connection: Neo4jConnection,
  store: MemoryStore,
  tenantId: string,
  query: CandidateQuery,
): Promise<Candidates> {
  const { k, visibility } = query;
  const space = connection.space;
  const vector = query.vector !== null && !isZero(query.vector) ? query.vector : null;
  if (
    query.vectorHits !== undefined ||
    k <= 0 ||
    visibility.statuses.length === 0 ||
    space === null ||
    (vector !== null && vector.length !== space.dimensions)
  ) {
    return composeCandidates(store, tenantId, query);
  }
  const limit = k * WIDEN;
  const [row] = await connection.queryOnce(SOURCE, 'memory/recall-candidates', {
    tenantId,
    ...visibilityParams(visibility),
    vector: vector === null ? null : Array.from(vector),
    vectorStatuses: vector === null ? [] : [...new Set(visibility.statuses)],
    vectorLimit: int(limit),
    query: luceneQuery(tenantId, query.text),
    textLimit: int(limit),
    k: int(k),
    relationTypes: [...ALL_RELATION_TYPES],
    limitPerSeed: int(Math.max(0, query.neighboursPerSeed)),
  });
  const searches = row === undefined ? [] : listOf(row['searches']).map((value) => toMap(value, 'search'));
  const vectorHits: ScoredId[] = [];
  const textHits: ScoredId[] = [];
  for (const search of searches) {
    const hits = toScoredIds(search['hits']);
    if (hits.length < k && toNumber(search['fetched'], 'fetched') >= limit) {
      return composeCandidates(store, tenantId, query);
    }
    if (toText(search['search'], 'search') === 'TEXT') {
      textHits.push(...hits);
    } else {
      vectorHits.push(...hits.map((hit) => ({ id: hit.id, score: 2 * hit.score - 1 })));
    }
  }
  const text = bestFirst(textHits, k);
  const vectorBest = bestFirst(vectorHits, k);
  const edges = row === undefined ? [] : listOf(row['edges']).map(toNeighbourRow);
  const neighbours = query.seeds(text, vectorBest).flatMap((seed) => edges.filter((edge) => edge.seedId === seed));
  const known = new Map<string, MemoryRecord>(
    (row === undefined ? [] : listOf(row['memories'])).map((value) => {
      const memory = memoryFromColumns(value);

      return [memory.id, memory];
    }),
  );
  const ids = candidateIds(text, vectorBest, neighbours, query.alsoRead);
  const missing = ids.filter((id) => !known.has(id));
  for (const memory of missing.length > 0 ? await store.getMemories(tenantId, missing) : []) {
    known.set(memory.id, memory);
  }

  return { text, vector: vectorBest, neighbours, memories: ids.flatMap((id) => known.get(id) ?? []) };
}

function listOf(value: unknown): unknown[] {
  if (!Array.isArray(value)) {
    throw new Error('Neo4j returned a recall read that is not a list');
  }

  return value;
}

function toNeighbourRow(value: unknown): NeighbourRow {
  const row: Row = toMap(value, 'edge');

  return {
    seedId: toText(row['seedId'], 'seedId'),
    memoryId: toText(row['memoryId'], 'memoryId'),
    type: relationType(toText(row['type'], 'type')),
    direction: toEnum(Direction, row['direction'], 'direction'),
    weight: toNumber(row['weight'], 'weight'),
  };
}
