// The other ACTIVE memories of a slot, which a new ACTIVE value for the slot retires.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, slot: $slot})
WHERE m.status = 'ACTIVE' AND m.id <> $id
RETURN m.id AS id
