// The search words of memories whose words were missing or older, marked with the version they now hold.
CYPHER 25
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
SET m.contentWords = row.contentWords, m.contextWords = row.contextWords, m.wordsVersion = $version
