// How many memories a tenant has, by type and status. First run `:param tenantId => 'your-tenant'`.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId})
RETURN m.type AS type, m.status AS status, count(*) AS memories, round(avg(m.importance), 3) AS avgImportance
ORDER BY type, status
