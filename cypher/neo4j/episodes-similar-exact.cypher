// Exact cosine similarity over one user's episodes ((1 + cos) / 2, as Neo4j scores cosine).
MATCH (u:User {id: $userId})-[:HAS_EPISODE]->(p:Episode)
WHERE size(p.embedding) > 0
WITH p, vector.similarity.cosine(p.embedding, $vector) AS score
WHERE score >= $minScore
RETURN p.uid AS uid, score
ORDER BY score DESC
LIMIT $k
