// Purge: memories extracted from messages of the channel and from no message of any other channel.
CYPHER 25
MATCH (:Channel {tenantId: $tenantId, id: $channelId})-[:HAS_MESSAGE]->(:Message)<-[:EXTRACTED_FROM]-(m:Memory)
WITH DISTINCT m
WHERE NOT EXISTS {
  MATCH (m)-[:EXTRACTED_FROM]->(other:Message)
  WHERE other.channelId <> $channelId
}
RETURN m.id AS id
