// Import: the file is in; its mark goes.
CYPHER 25
MATCH (r:ImportRun {tenantId: $tenantId, fileDigest: $fileDigest})
DELETE r
