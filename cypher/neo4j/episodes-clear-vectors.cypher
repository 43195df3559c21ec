// Forgets the embeddings of a user's episodes, to embed them again with another embedder (`kgmem reembed`).
MATCH (:User {id: $userId})-[:HAS_EPISODE]->(p:Episode)
SET p.embedding = null
