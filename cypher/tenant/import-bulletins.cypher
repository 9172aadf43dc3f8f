// Import: bulletins whose id is free, with CITES edges (in line order) to the tenant's memories among memoryIds.
CYPHER 25
UNWIND $items AS item
OPTIONAL CALL (item) {
  MATCH (x:Bulletin {id: item.props.id})
  RETURN x.tenantId AS owner
}
CALL (item, owner) {
  WITH item
  WHERE owner IS NULL
  CREATE (b:Bulletin)
  SET b = item.props, b.tenantId = $tenantId
  WITH b, item
  CALL (b, item) {
    UNWIND range(0, size(item.memoryIds) - 1) AS position
    MATCH (m:Memory)
    WHERE m.tenantId = $tenantId AND m.id = item.memoryIds[position]
    CREATE (b)-[:CITES {position: position, tenantId: $tenantId}]->(m)
  }
  RETURN count(b) AS made
}
RETURN item.props.id AS id, owner, made
