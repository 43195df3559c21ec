// Question: which entities of this user are most connected (current facts in and out)?
// Parameters: $userId (string), $limit (integer, e.g. 20)
MATCH (:User {id: $userId})-[:OWNS]->(e:Entity)
OPTIONAL MATCH (e)-[f:FACT]-(:Entity)
WHERE f.validTo IS NULL
RETURN e.name AS entity, e.type AS type, count(f) AS degree
ORDER BY degree DESC
LIMIT $limit
