// Export: every entity node of the tenant with the memories that mention it.
CYPHER 25
MATCH (e:Entity {tenantId: $tenantId})
RETURN e {.id, .tenantId, .kind, .name, .key, .aliases, .keys, .rootId, .createdAt, .updatedAt, mergedInto: [(e)-[:MERGED_INTO]->(t:Entity) | t.id][0], mergedAt: [(e)-[x:MERGED_INTO]->(:Entity) | x.at][0]} AS entity,
  [(m:Memory)-[r:MENTIONS]->(e) WHERE m.tenantId = $tenantId | {memoryId: m.id, createdAt: r.createdAt}] AS mentions
ORDER BY e.id
