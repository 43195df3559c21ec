// Forgets the embeddings of a user's episodes, to embed them again with another embedder (`kgmem reembed`).
MATCH (u:User {id: $userId})
MATCH (u)-[:HAS_EPISODE]->(p:Episode)
SET p.vector = ''
