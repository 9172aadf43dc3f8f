// First step of an append: the channel appears with its first message. Incrementing messageCount write-locks the
// channel, so appends to one channel are serialised and each message gets the next seq.
CYPHER 25
MERGE (c:Channel {tenantId: $tenantId, id: $channelId})
ON CREATE SET c.private = false, c.messageCount = 0, c.createdAt = $now
SET c.messageCount = c.messageCount + 1,
    c.lastMessageAt = CASE WHEN c.lastMessageAt IS NULL OR c.lastMessageAt < $createdAt THEN $createdAt ELSE c.lastMessageAt END,
    c.projectId = coalesce(c.projectId, $projectId),
    c.updatedAt = $now
RETURN c {.*} AS channel
