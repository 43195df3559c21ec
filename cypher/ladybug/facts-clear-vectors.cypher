// Forgets the embeddings of a user's fact statements, to embed them again with another embedder (`kgmem reembed`).
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(s:Entity)-[f:FACT]->(:Entity)
SET f.vector = ''
