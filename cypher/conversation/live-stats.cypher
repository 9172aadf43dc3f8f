CYPHER 25
MATCH (msg:Message {tenantId: $tenantId, channelId: $channelId})
WHERE msg.summaryId IS NULL
RETURN coalesce(sum(msg.tokenCount), 0) AS tokens, count(msg) AS count
