// A hybrid recall's reads in one statement: the vector search (search-memory-vectors, once per status in
// $vectorStatuses: none without a query vector), the full-text search (search-memory-text, skipped when $query is null),
// the records of each search's $k best visible hits, and each such hit's $limitPerSeed heaviest memory edges
// (list-neighbours), so the caller picks its graph seeds among them without another round trip. Per search `fetched`
// says how many rows the index gave, for the adapter to widen $limit as the single searches do.
CYPHER 25
CALL () {
  UNWIND $vectorStatuses AS status
  CALL (status) {
    MATCH (m:Memory)
      SEARCH m IN (
        VECTOR INDEX memory_embedding
        FOR $vector
        WHERE m.tenantId = $tenantId AND m.status = status
        LIMIT $vectorLimit
      ) SCORE AS score
    RETURN m AS node, score
  }
  RETURN 'VECTOR ' + status AS search, node, score
  UNION ALL
  UNWIND CASE WHEN $query IS NULL THEN [] ELSE [$query] END AS query
  CALL db.index.fulltext.queryNodes('memory_content', query, {limit: $textLimit}) YIELD node, score
  RETURN 'TEXT' AS search, node, score
}
WITH search, node, score
ORDER BY score DESC, node.id
WITH search,
  count(*) AS fetched,
  collect(
    CASE
      WHEN node.tenantId = $tenantId
        AND node.status IN $statuses
        AND (size($types) = 0 OR node.type IN $types)
        AND any(s IN $scopes WHERE s.scope = node.scope
          AND (s.id IS NULL OR s.id = CASE node.scope WHEN 'PROJECT' THEN node.projectId ELSE node.channelId END))
        AND (NOT $taskFilter OR node.sourceTaskId IS NULL OR node.sourceTaskId = $taskId)
      THEN {node: node, score: score}
    END
  )[0..$k] AS best
WITH collect({search: search, fetched: fetched, hits: [hit IN best | {id: hit.node.id, score: hit.score}]}) AS searches,
  collect(best) AS bests
CALL (bests) {
  UNWIND bests AS best
  UNWIND best AS hit
  RETURN collect(DISTINCT hit.node) AS nodes
}
CALL (nodes) {
  UNWIND nodes AS seed
  CALL (seed) {
    MATCH (seed)-[r]-(other:Memory)
    WHERE other.tenantId = $tenantId AND type(r) IN $relationTypes
    RETURN r, other
    ORDER BY r.weight DESC
    LIMIT $limitPerSeed
  }
  RETURN collect({
    seedId: seed.id,
    memoryId: other.id,
    type: type(r),
    direction: CASE WHEN startNode(r) = seed THEN 'OUT' ELSE 'IN' END,
    weight: r.weight
  }) AS edges
}
// each record as a list in the order of MEMORY_COLUMNS (neo4j-memory-columns.ts), dates as epoch milliseconds: maps of
// driver DateTimes took the client three times as long to decode, and only what the domain reads leaves the server
RETURN searches,
  [node IN nodes | [
    node.id, node.tenantId, node.type, node.content, node.context, node.status, node.scope, node.channelId,
    node.projectId, node.slot, node.importance, node.baseImportance, node.centrality, node.confidence, node.tags,
    node.fingerprint, node.sourceRole, node.sourceChannelId, node.sourceMessageId, node.sourceTaskId,
    node.sourceSkillId, node.occurredAt.epochMillis, node.fading, node.expiredAt.epochMillis,
    node.createdAt.epochMillis, node.updatedAt.epochMillis, node.lastAccessedAt.epochMillis,
    node.lastSeenAt.epochMillis, node.accessCount, node.supersededBy, node.validUntil.epochMillis, node.embeddingModel
  ]] AS memories,
  edges
