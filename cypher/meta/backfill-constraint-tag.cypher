// Memories tagged $tag written before the constraintTag marker existed, up to $limit of them: the marker is set
// (memory_tenant_constraint finds a tenant's rules through it).
CYPHER 25
MATCH (m:Memory)
WHERE m.constraintTag IS NULL AND $tag IN m.tags
WITH m
LIMIT $limit
SET m.constraintTag = true
RETURN count(m) AS changed
