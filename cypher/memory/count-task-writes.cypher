// Inside an insert's write transaction, after the new memory: the MERGE write-locks the task's budget node (unique
// on tenantId, taskId) until the transaction ends, so concurrent inserts of one task, from any process, count one at
// a time and none can overrun the budget.
CYPHER 25
MERGE (b:TaskBudget {tenantId: $tenantId, taskId: $taskId})
SET b.lockedAt = $at
WITH b
OPTIONAL MATCH (m:Memory {tenantId: $tenantId, sourceTaskId: $taskId})
RETURN count(m) AS used
