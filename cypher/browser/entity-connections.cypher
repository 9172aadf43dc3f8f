// How two entities are connected: the shortest paths from one named entity to another over mentions, memory edges
// and merges (Entity <-MENTIONS- Memory -RELATED_TO- Memory -MENTIONS-> Entity, an alias merged into its root...).
// First run `:param tenantId => 'your-tenant'`, `:param fromName => 'Ana'` and `:param toName => 'Copenhagen'` (names or
// aliases, any case). Paths longer than 8 hops are not searched.
CYPHER 25
MATCH (a:Entity {tenantId: $tenantId})
WHERE toLower(a.name) = toLower($fromName) OR toLower($fromName) IN [x IN a.aliases | toLower(x)]
MATCH (b:Entity {tenantId: $tenantId})
WHERE (toLower(b.name) = toLower($toName) OR toLower($toName) IN [x IN b.aliases | toLower(x)]) AND a <> b
MATCH path = ALL SHORTEST (a)
  (()-[:MENTIONS|MERGED_INTO|RELATED_TO|PART_OF|CAUSED_BY|RESULT_OF|UPDATES|CONTRADICTS]-(n WHERE n.tenantId = $tenantId)){1,8}
  (b)
RETURN path, length(path) AS hops
ORDER BY hops
LIMIT 25
