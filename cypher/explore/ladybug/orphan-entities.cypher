// Question: which entities have no facts left (e.g. after facts were forgotten)?
// Parameters: $userId (string)
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(e:Entity)
WHERE NOT EXISTS { MATCH (e)-[:FACT]-(:Entity) }
RETURN e.name AS entity, e.type AS type, e.createdAt AS createdAt
ORDER BY createdAt
