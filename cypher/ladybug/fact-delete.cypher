MATCH (u:User {id: $userId})-[:OWNS]->(s:Entity)-[f:FACT]->(:Entity)
WHERE f.uid = $uid
DELETE f
RETURN count(*) AS deleted
