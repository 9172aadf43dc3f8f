// Import: marks the import of one file (by digest) as under way for the tenant until finish-import removes the mark.
CYPHER 25
MERGE (r:ImportRun {tenantId: $tenantId, fileDigest: $fileDigest})
SET r.startedAt = $startedAt
