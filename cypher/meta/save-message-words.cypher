// The search words of messages written before the full-text index held them, neighbour text included.
CYPHER 25
UNWIND $rows AS row
MATCH (msg:Message {id: row.id})
SET msg.contentWords = row.contentWords, msg.speakerWords = row.speakerWords, msg.prevContent = row.prevContent,
  msg.nextContent = row.nextContent
