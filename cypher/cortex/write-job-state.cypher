CYPHER 25
MERGE (s:JobState {tenantId: $tenantId, job: $job})
SET s.value = $value
