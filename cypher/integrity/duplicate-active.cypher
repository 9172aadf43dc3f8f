// Integrity check, every tenant: more than one ACTIVE memory in one slot, or with one fingerprint.
CYPHER 25
MATCH (m:Memory)
WHERE m.status = 'ACTIVE' AND m.slot IS NOT NULL
WITH m.tenantId AS tenantId, m.slot AS key, collect(m.id) AS ids
WHERE size(ids) > 1
RETURN 'slot' AS subject, tenantId, key, ids
UNION ALL
MATCH (m:Memory)
WHERE m.status = 'ACTIVE'
WITH m.tenantId AS tenantId, m.fingerprint AS key, collect(m.id) AS ids
WHERE size(ids) > 1
RETURN 'fingerprint' AS subject, tenantId, key, ids;
