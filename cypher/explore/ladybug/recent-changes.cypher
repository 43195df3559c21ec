// Question: which facts were learned or closed in the last N days?
// Parameters: $userId (string), $days (integer, e.g. 7)
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(s:Entity)-[f:FACT]->(o:Entity)
WITH f, current_timestamp() - to_days($days) AS since
WHERE f.createdAt >= since OR (f.validTo IS NOT NULL AND f.validTo >= since)
RETURN f.statement AS fact, CASE WHEN f.validTo IS NULL THEN 'learned' ELSE 'closed' END AS change, coalesce(f.validTo, f.createdAt) AS at
ORDER BY at DESC
