// Second step: the summary, its SUMMARIZES edges, the messages marked compacted, the channel's current summary.
CYPHER 25
MATCH (c:Channel {tenantId: $tenantId, id: $channelId})
CREATE (s:Summary)
SET s += $props, c.summaryId = $props.id
WITH s
MATCH (msg:Message)
WHERE msg.tenantId = $tenantId AND msg.id IN $ids
SET msg.summaryId = s.id
MERGE (s)-[:SUMMARIZES]->(msg)
RETURN count(msg) AS summarized
