// Inside an insert's write transaction, before it reads the slot's holders: the MERGE write-locks the slot's lock node
// (unique on tenantId, slot) until the transaction ends, so concurrent inserts for one slot, from any process, retire
// and claim one at a time, each seeing the holder the one before committed (Operations Manual, Locks and deadlocks:
// a write lock on a common node serializes the transactions that take it).
CYPHER 25
MERGE (l:SlotLock {tenantId: $tenantId, slot: $slot})
SET l.lockedAt = $at
