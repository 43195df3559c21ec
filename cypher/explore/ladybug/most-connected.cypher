// Question: which entities of this user are most connected (current facts in and out)?
// Parameters: $userId (string), $limit (integer, e.g. 20)
// Run: kgmem cypher -f cypher/explore/ladybug/most-connected.cypher --param userId=movies --param limit=20
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(e:Entity)-[f:FACT]-(:Entity)
WHERE f.validTo IS NULL
RETURN e.name AS entity, e.type AS type, count(f) AS degree
ORDER BY degree DESC
LIMIT $limit
