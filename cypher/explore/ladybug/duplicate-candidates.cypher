// Question: which entities may be the same thing under two names (prefix or spacing variants, or near-identical embeddings)?
// Parameters: $userId (string), $minSimilarity (float, e.g. 0.9)
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(a:Entity)
MATCH (u)-[:OWNS]->(b:Entity)
WITH a, b, array_cosine_similarity(a.embedding, b.embedding) AS similarity
WHERE a.uid < b.uid
  AND (starts_with(a.key, b.key + ' ') OR starts_with(b.key, a.key + ' ') OR replace(a.key, ' ', '') = replace(b.key, ' ', '') OR similarity >= $minSimilarity)
RETURN a.name AS first, b.name AS second, similarity
ORDER BY similarity DESC
LIMIT 50
