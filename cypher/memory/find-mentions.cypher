// $query is a Lucene query the adapter builds from the tenant's tenantKey token and required plain words only: the
// memories naming a value, in every scope (the write path applies its scope rule). $limit widens while hits fill it.
CYPHER 25
CALL db.index.fulltext.queryNodes('memory_content', $query, {limit: $limit}) YIELD node, score
WITH count(*) AS fetched,
  collect(
    CASE
      WHEN node.tenantId = $tenantId AND node.status IN $statuses
      THEN {id: node.id, score: score}
    END
  ) AS hits
RETURN fetched, hits
