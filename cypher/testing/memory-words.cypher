// Tests only: which search-word properties a tenant's memories hold.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId})
RETURN m.id AS id, m.weightedWords AS weightedWords, m.contextWords IS NOT NULL AS hasContextWords
ORDER BY id
