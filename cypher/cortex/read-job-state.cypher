CYPHER 25
MATCH (s:JobState)
WHERE s.tenantId = $tenantId AND s.job = $job
RETURN s.value AS value
