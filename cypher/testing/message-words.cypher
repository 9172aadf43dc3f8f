// Tests only: the search-word properties of a tenant's messages.
CYPHER 25
MATCH (msg:Message {tenantId: $tenantId})
RETURN msg.id AS id, msg.channelId AS channelId, msg.contentWords AS contentWords, msg.speakerWords AS speakerWords,
  msg.prevContent AS prevContent, msg.nextContent AS nextContent, msg.weightedWords AS weightedWords
ORDER BY id
