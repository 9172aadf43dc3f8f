CYPHER 25
CALL () {
  MATCH (m:Memory)
  RETURN count(m) AS memories, count(m.embedding) AS memoriesDone
}
CALL () {
  MATCH (msg:Message)
  RETURN count(msg) AS messages, count(msg.embedding) AS messagesDone
}
RETURN memories, memoriesDone, messages, messagesDone
