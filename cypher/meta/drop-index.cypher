// Drops one search index whose definition changed, before the schema creates it again; $name comes from the
// schema's own index names, never from input.
CYPHER 25
DROP INDEX $name IF EXISTS
