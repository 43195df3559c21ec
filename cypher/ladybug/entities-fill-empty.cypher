// After a COPY FROM: empty CSV fields load as NULL; entities keep '' for a missing type or summary,
// as the parameterised create writes them.
MATCH (u:User {id: $userId})-[:OWNS]->(e:Entity)
WHERE e.type IS NULL OR e.summary IS NULL
SET e.type = coalesce(e.type, ''), e.summary = coalesce(e.summary, '')
