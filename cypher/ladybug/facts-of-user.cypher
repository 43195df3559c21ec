// Every fact of a user with its subject and statement (to find those with no embedding yet).
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(s:Entity)-[f:FACT]->(:Entity)
RETURN f.uid AS uid, s.uid AS subjectUid, f.statement AS statement
