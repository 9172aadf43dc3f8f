// Operators' view across tenants (never served to a tenant).
CYPHER 25
MATCH (u:LlmUsage)
WHERE u.day >= $sinceDay
RETURN u.tenantId AS tenantId, u.job AS job, u.day AS day, u.calls AS calls, u.promptTokens AS promptTokens,
  u.completionTokens AS completionTokens
ORDER BY day DESC, tenantId, job
