// First step of a compaction's write: writing to the channel locks it, so concurrent compactions of one channel
// queue here; then the channel must still point at the summary this one replaces, and every message must be live.
CYPHER 25
MATCH (c:Channel {tenantId: $tenantId, id: $channelId})
SET c.updatedAt = $at
WITH c
WHERE (c.summaryId IS NULL AND $previousId IS NULL) OR c.summaryId = $previousId
OPTIONAL MATCH (msg:Message {tenantId: $tenantId, channelId: $channelId})
WHERE msg.id IN $ids AND msg.summaryId IS NULL
RETURN count(msg) AS live
