// Tests only: makes a tenant's memories and messages hold search words as before diacritics were folded (version 1:
// the text lower-cased, accents kept) and before weightedWords (a memory's context in contextWords), so the rewrite
// at boot (meta/pending-memory-words) can be checked on the real server.
CYPHER 25
MATCH (n:Memory|Message {tenantId: $tenantId})
SET n.contentWords = toLower(n.content), n.wordsVersion = 1
SET n.contextWords = CASE WHEN n:Memory THEN toLower(n.context) END
REMOVE n.weightedWords
RETURN count(n) AS changed
