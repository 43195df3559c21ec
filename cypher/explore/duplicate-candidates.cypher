// Question: which entities may be the same thing under two names (prefix or spacing variants, or near-identical embeddings)?
// Parameters: $userId (string), $minSimilarity (float, e.g. 0.9)
MATCH (:User {id: $userId})-[:OWNS]->(a:Entity)
MATCH (:User {id: $userId})-[:OWNS]->(b:Entity)
WHERE a.uid < b.uid
  AND (a.key STARTS WITH b.key + ' ' OR b.key STARTS WITH a.key + ' ' OR replace(a.key, ' ', '') = replace(b.key, ' ', '')
       OR vector.similarity.cosine(a.embedding, b.embedding) >= (1 + $minSimilarity) / 2)
RETURN a.name AS first, b.name AS second, vector.similarity.cosine(a.embedding, b.embedding) * 2 - 1 AS similarity
ORDER BY similarity DESC
LIMIT 50
