// New embeddings of a user's entities (`kgmem reembed`).
UNWIND $rows AS r
MATCH (e:Entity {uid: r.uid})
WHERE e.userId = $userId
SET e.vector = r.embedding
