// After a COPY FROM: facts loaded without a statement vector keep '' (not NULL), as the
// parameterised create writes them, so the missing-vector migration finds them.
MATCH (u:User {id: $userId})-[:OWNS]->(s:Entity)-[f:FACT]->(:Entity)
WHERE f.vector IS NULL
SET f.vector = ''
