// One user's fact statement embeddings, for a cache's in-process exact-cosine index.
MATCH (:User {id: $userId})-[:OWNS]->(:Entity)-[f:FACT]->(:Entity)
WHERE f.embedding IS NOT NULL
RETURN f.uid AS uid, f.embedding AS vector
