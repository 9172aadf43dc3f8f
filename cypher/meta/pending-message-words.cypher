// Messages whose search words (contentWords) are missing or older than $version (lucene-query.ts
// MESSAGE_WORDS_VERSION), after $afterId in id order, with the neighbour text they carry (raw text before the index
// held search words, an older words copy since).
CYPHER 25
MATCH (msg:Message)
WHERE msg.id > $afterId AND coalesce(msg.wordsVersion, 0) < $version
RETURN msg.id AS id, msg.content AS content, msg.speaker AS speaker, msg.prevContent AS prevContent,
  msg.nextContent AS nextContent
ORDER BY msg.id
LIMIT $limit
