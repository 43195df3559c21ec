// The predicate vocabulary of one user (which relations their memory uses).
MATCH (:User {id: $userId})-[:OWNS]->(:Entity)-[f:FACT]->(:Entity)
RETURN DISTINCT f.key AS key
