// Integrity: imports that began writing and never finished (their ImportRun mark is still there).
CYPHER 25
MATCH (r:ImportRun)
RETURN r.tenantId AS tenantId, r.fileDigest AS fileDigest, r.startedAt AS startedAt
ORDER BY tenantId, fileDigest
