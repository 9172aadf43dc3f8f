// Batched decay write-back; updatedAt moves only when a memory expires or is current again.
CYPHER 25
UNWIND $updates AS update
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.id = update.id AND m.status = 'ACTIVE'
WITH m, update, (m.expiredAt IS NULL) <> (update.expiredAt IS NULL) AS flipped
SET m.decayScore = update.decayScore,
  m.fading = update.fading,
  m.expiredAt = update.expiredAt,
  m.updatedAt = CASE WHEN flipped THEN $at ELSE m.updatedAt END
RETURN count(m) AS written
