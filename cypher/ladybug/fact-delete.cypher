MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(s:Entity)-[f:FACT]->(:Entity)
WHERE f.uid = $uid
DELETE f
RETURN count(*) AS deleted
