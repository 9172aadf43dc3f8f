// Import: summaries whose id is free; `owner` names the tenant that already holds an id.
CYPHER 25
UNWIND $items AS item
OPTIONAL CALL (item) {
  MATCH (x:Summary {id: item.id})
  RETURN x.tenantId AS owner
}
CALL (item, owner) {
  WITH item
  WHERE owner IS NULL
  CREATE (s:Summary)
  SET s = item, s.tenantId = $tenantId
  RETURN count(s) AS made
}
RETURN item.id AS id, owner, made
