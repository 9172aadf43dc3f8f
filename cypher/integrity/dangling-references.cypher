// Integrity check, every tenant: id references to nodes that are missing from the tenant (the relational half of
// supersession, compaction and channels).
CYPHER 25
MATCH (m:Memory)
WHERE m.supersededBy IS NOT NULL
  AND NOT EXISTS { MATCH (s:Memory {id: m.supersededBy}) WHERE s.tenantId = m.tenantId }
RETURN m.tenantId AS tenantId, 'supersededBy' AS subject, m.id + ' -> ' + m.supersededBy AS id
UNION ALL
MATCH (msg:Message)
WHERE msg.summaryId IS NOT NULL
  AND NOT EXISTS { MATCH (s:Summary {id: msg.summaryId}) WHERE s.tenantId = msg.tenantId }
RETURN msg.tenantId AS tenantId, 'SUMMARIZES' AS subject, msg.summaryId + ' -> ' + msg.id AS id
UNION ALL
MATCH (msg:Message)
WHERE NOT EXISTS { MATCH (c:Channel)-[:HAS_MESSAGE]->(msg) WHERE c.tenantId = msg.tenantId AND c.id = msg.channelId }
RETURN msg.tenantId AS tenantId, 'HAS_MESSAGE' AS subject, coalesce(msg.channelId, '?') + ' -> ' + msg.id AS id
UNION ALL
MATCH (c:Channel)
WHERE c.summaryId IS NOT NULL
  AND NOT EXISTS { MATCH (s:Summary {id: c.summaryId}) WHERE s.tenantId = c.tenantId }
RETURN c.tenantId AS tenantId, 'channel.summary' AS subject, c.id + ' -> ' + c.summaryId AS id
UNION ALL
MATCH (s:Summary)
WHERE s.previousId IS NOT NULL
  AND NOT EXISTS { MATCH (p:Summary {id: s.previousId}) WHERE p.tenantId = s.tenantId }
RETURN s.tenantId AS tenantId, 'summary.previous' AS subject, s.id + ' -> ' + s.previousId AS id;
