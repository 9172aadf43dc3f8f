CYPHER 25
MERGE (u:LlmUsage {tenantId: $tenantId, job: $job, day: $day})
SET u.calls = coalesce(u.calls, 0) + $calls,
  u.promptTokens = coalesce(u.promptTokens, 0) + $promptTokens,
  u.completionTokens = coalesce(u.completionTokens, 0) + $completionTokens
