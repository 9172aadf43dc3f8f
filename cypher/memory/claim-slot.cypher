// Last step of an insert: the unique (tenantId, activeSlot) constraint makes a concurrent insert for the same slot
// fail here, and the adapter retries it so that it retires this one instead of leaving two ACTIVE values.
CYPHER 25
MATCH (m:Memory {tenantId: $tenantId, id: $id})
WHERE m.status = 'ACTIVE'
SET m.activeSlot = m.slot
