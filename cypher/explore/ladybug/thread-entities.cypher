// Question: which entities were mentioned in one conversation thread?
// Parameters: $userId (string), $threadId (string)
MATCH (u:User {id: $userId})
MATCH (u)-[:HAS_EPISODE]->(p:Episode)-[:MENTIONS]->(e:Entity)
WHERE p.threadId = $threadId
RETURN e.name AS entity, e.type AS type, count(DISTINCT p.uid) AS turns
ORDER BY turns DESC, entity
