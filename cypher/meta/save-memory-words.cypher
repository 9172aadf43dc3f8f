// The search words of memories written before the full-text index held them.
CYPHER 25
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
SET m.contentWords = row.contentWords, m.contextWords = row.contextWords
