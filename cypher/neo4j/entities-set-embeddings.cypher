// New embeddings of a user's entities (`kgmem reembed`).
UNWIND $rows AS r
MATCH (e:Entity {uid: r.uid})
USING INDEX e:Entity(uid)
WHERE e.userId = $userId
SET e.embedding = r.embedding
