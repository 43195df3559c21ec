// How many facts the relationship vector index holds in all and how many of them are this
// user's: the user's share decides between exact search and the index.
MATCH ()-[f:FACT]->()
WITH count(f) AS total
OPTIONAL MATCH (u:User {id: $userId})
RETURN total, CASE WHEN u IS NULL THEN 0 ELSE COUNT { (u)-[:OWNS]->(:Entity)-[:FACT]->(:Entity) } END AS own
