// How many facts the relationship vector index holds in all and how many of them are this
// user's: the user's share decides between exact search and the index. Counting a user's facts
// walks all of them (~50 ms at 129k), so the caller keeps the count with the user's write count
// (see user-lock) and passes that as $knownWrites: while it is unchanged `own` comes back -1,
// "as you had it", and nothing is walked.
MATCH ()-[f:FACT]->()
WITH count(f) AS total
OPTIONAL MATCH (u:User {id: $userId})
RETURN total, u.writes AS writes, CASE WHEN u IS NULL THEN 0 WHEN u.writes = $knownWrites THEN -1 ELSE COUNT { (u)-[:OWNS]->(:Entity)-[:FACT]->(:Entity) } END AS own
