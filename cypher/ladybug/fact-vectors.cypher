// One user's fact embeddings, to build the in-process exact-cosine index of fact statements.
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(:Entity)-[f:FACT]->(:Entity)
WHERE f.vector <> ''
RETURN f.uid AS uid, f.vector AS vector
