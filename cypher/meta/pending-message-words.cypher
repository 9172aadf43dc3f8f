// Messages written before the full-text index held search words (contentWords), after $afterId in id order, with
// the neighbour text they carry as written then.
CYPHER 25
MATCH (msg:Message)
WHERE msg.id > $afterId AND msg.contentWords IS NULL
RETURN msg.id AS id, msg.content AS content, msg.speaker AS speaker, msg.prevContent AS prevContent,
  msg.nextContent AS nextContent
ORDER BY msg.id
LIMIT $limit
