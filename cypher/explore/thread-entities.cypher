// Question: which entities were mentioned in one conversation thread?
// Parameters: $userId (string), $threadId (string)
MATCH (:User {id: $userId})-[:HAS_EPISODE]->(p:Episode {threadId: $threadId})-[:MENTIONS]->(e:Entity)
RETURN e.name AS entity, e.type AS type, count(DISTINCT p) AS turns
ORDER BY turns DESC, entity
