// Every embedding of one user's entities, for a cache's in-process exact-cosine index.
MATCH (:User {id: $userId})-[:OWNS]->(e:Entity)
WHERE e.embedding IS NOT NULL
RETURN e.uid AS uid, e.embedding AS vector
