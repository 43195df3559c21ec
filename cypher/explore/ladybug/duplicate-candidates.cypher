// Question: which entities may be the same thing under two names (prefix or spacing variants, or near-identical names)?
// Parameters: $userId (string), $minSimilarity (float, e.g. 0.9)
// On the embedded backend entity embeddings are stored as text that kgmem searches in process, so
// the similarity here is of the names' keys: 1 - edit distance / length of the longer key.
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(a:Entity)
MATCH (u)-[:OWNS]->(b:Entity)
WHERE a.uid < b.uid
WITH a, b, 1.0 - CAST(levenshtein(a.key, b.key) AS DOUBLE) / CASE WHEN size(a.key) > size(b.key) THEN size(a.key) ELSE size(b.key) END AS similarity
WHERE starts_with(a.key, b.key + ' ') OR starts_with(b.key, a.key + ' ') OR replace(a.key, ' ', '') = replace(b.key, ' ', '') OR similarity >= $minSimilarity
RETURN a.name AS first, b.name AS second, similarity
ORDER BY similarity DESC
LIMIT 50
