// Migration of a database from before fact embeddings had their own nodes: one user's facts
// whose embedding is still on the FACT edge (a batch at a time).
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(:Entity)-[f:FACT]->(:Entity)
WHERE f.vector IS NOT NULL AND f.vector <> ''
RETURN f.uid AS uid, f.vector AS vector
SKIP $skip
LIMIT $limit
