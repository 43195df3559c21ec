// Question: which entities have no facts left (e.g. after facts were forgotten)?
// Parameters: $userId (string)
MATCH (:User {id: $userId})-[:OWNS]->(e:Entity)
WHERE NOT (e)-[:FACT]-()
RETURN e.name AS entity, e.type AS type, e.createdAt AS createdAt
ORDER BY createdAt
