CYPHER 25
MATCH (u:LlmUsage)
WHERE u.tenantId = $tenantId AND u.job = $job AND u.day = $day
RETURN u.calls AS calls
