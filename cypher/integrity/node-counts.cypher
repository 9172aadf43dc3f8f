// Integrity check: channels, messages, summaries and bulletins per tenant, and associations ($types) between memories.
CYPHER 25
MATCH (n)
WHERE n:Channel OR n:Message OR n:Summary OR n:Bulletin
RETURN n.tenantId AS tenantId,
  CASE WHEN n:Channel THEN 'channels' WHEN n:Message THEN 'messages' WHEN n:Summary THEN 'summaries' ELSE 'bulletins' END AS kind,
  count(*) AS n
UNION ALL
MATCH (a:Memory)-[r]->(:Memory)
WHERE type(r) IN $types
RETURN a.tenantId AS tenantId, 'associations' AS kind, count(r) AS n;
