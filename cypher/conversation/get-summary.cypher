CYPHER 25
MATCH (s:Summary {tenantId: $tenantId, id: $summaryId})
RETURN s {.*} AS summary
