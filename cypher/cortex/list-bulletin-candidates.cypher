// What a bulletin may state: ACTIVE, GLOBAL, not written by a task, not expired; the $limit most important of each
// type in $types, and the $limit most recent events.
CYPHER 25
CALL () {
  UNWIND $types AS type
  CALL (type) {
    MATCH (m:Memory)
    WHERE m.tenantId = $tenantId AND m.type = type AND m.status = 'ACTIVE' AND m.scope = 'GLOBAL'
      AND m.sourceRole <> 'TASK' AND m.expiredAt IS NULL
    RETURN m
    ORDER BY m.importance DESC, m.occurredAt DESC
    LIMIT $limit
  }
  RETURN m
  UNION
  MATCH (m:Memory)
  WHERE m.tenantId = $tenantId AND m.type = 'EVENT' AND m.status = 'ACTIVE' AND m.scope = 'GLOBAL'
    AND m.sourceRole <> 'TASK' AND m.expiredAt IS NULL
  RETURN m
  ORDER BY m.occurredAt DESC
  LIMIT $limit
}
RETURN m {.*, embedding: null, embeddingPrevious: null} AS memory
