// ACTIVE memories of every tenant still owed their entity links since at or before $olderThan, oldest first, after
// ($afterOwedAt, $afterId) when $afterOwedAt is set (the drain's keyset): a seek on memory_entities_owed, which holds
// the owed memories only.
CYPHER 25
MATCH (m:Memory)
WHERE m.entitiesOwedAt <= $olderThan
  AND m.status = 'ACTIVE'
  AND ($afterOwedAt IS NULL OR m.entitiesOwedAt > $afterOwedAt OR (m.entitiesOwedAt = $afterOwedAt AND m.id > $afterId))
RETURN
  m.tenantId AS tenantId,
  m.id AS memoryId,
  m.content AS content,
  m.slot AS slot,
  m.entitiesOwedSlotValue AS slotValue,
  m.entitiesOwedAt AS owedAt
ORDER BY m.entitiesOwedAt, m.id
LIMIT $limit
