CYPHER 25
OPTIONAL MATCH (k:ApiKey {tenantId: $id})
WITH collect(k) AS keys
FOREACH (k IN keys | DELETE k)
WITH size(keys) AS keyCount
OPTIONAL MATCH (t:Tenant {id: $id})
WITH keyCount, collect(t) AS tenants
FOREACH (t IN tenants | DELETE t)
RETURN keyCount AS keys, size(tenants) AS tenants
