CYPHER 25
MATCH (c:Channel {tenantId: $tenantId, id: $channelId})
RETURN c {.*} AS channel
