// The predicate vocabulary of one user (which relations their memory uses).
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(:Entity)-[f:FACT]->(:Entity)
RETURN DISTINCT f.key AS key
