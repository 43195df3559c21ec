// Exact cosine similarity over one user's fact statements ((1 + cos) / 2, as Neo4j scores cosine).
MATCH (s:Entity)-[f:FACT]->(:Entity)
WHERE s.userId = $userId AND f.userId = $userId AND size(f.embedding) > 0
WITH f, vector.similarity.cosine(f.embedding, $vector) AS score
WHERE score >= $minScore
RETURN f.uid AS uid, score
ORDER BY score DESC
LIMIT $k
