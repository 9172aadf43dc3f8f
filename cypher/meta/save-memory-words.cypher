// The search words of memories whose words were missing or older, marked with the version they now hold.
CYPHER 25
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
// contextWords was indexed before version 3 (weightedWords holds the context's words now).
SET m.contentWords = row.contentWords, m.weightedWords = row.weightedWords, m.wordsVersion = $version
REMOVE m.contextWords
