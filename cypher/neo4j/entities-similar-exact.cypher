// Exact cosine similarity over one user's entities (small users: exact and cheap).
MATCH (u:User {id: $userId})-[:OWNS]->(e:Entity)
WHERE size(e.embedding) > 0
WITH e, vector.similarity.cosine(e.embedding, $vector) AS score
WHERE score >= $minScore
RETURN e.uid AS uid, score
ORDER BY score DESC
LIMIT $k
