// Memories whose search words (contentWords) are missing or older than $version (lucene-query.ts
// SEARCH_WORDS_VERSION), after $afterId in id order.
CYPHER 25
MATCH (m:Memory)
WHERE m.id > $afterId AND coalesce(m.wordsVersion, 0) < $version
RETURN m.id AS id, m.content AS content, m.context AS context
ORDER BY m.id
LIMIT $limit
