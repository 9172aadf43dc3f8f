// The search words of messages whose words were missing or older, neighbour text included, marked with the version
// they now hold.
CYPHER 25
UNWIND $rows AS row
MATCH (msg:Message {id: row.id})
SET msg.contentWords = row.contentWords, msg.speakerWords = row.speakerWords, msg.prevContent = row.prevContent,
  msg.nextContent = row.nextContent, msg.weightedWords = row.weightedWords, msg.wordsVersion = $version
