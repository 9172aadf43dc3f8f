// Purge: the memories written while a skill was active.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, sourceSkillId: $skillId})
RETURN m.id AS id
