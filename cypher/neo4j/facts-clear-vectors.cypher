// Forgets the embeddings of a user's fact statements, to embed them again with another embedder (`kgmem reembed`).
MATCH (:User {id: $userId})-[:OWNS]->(:Entity)-[f:FACT]->(:Entity)
SET f.embedding = null
