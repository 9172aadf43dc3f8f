// The switch: one transaction removes the migration, so from then on only the configured model's vectors answer.
CYPHER 25
MATCH (meta:EngramMeta {key: 'embedding-migration'})
DELETE meta
RETURN count(*) AS finished
