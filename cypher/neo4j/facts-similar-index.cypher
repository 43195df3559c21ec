// Approximate search through the relationship vector index (Neo4j 5.13+) for large users:
// over-fetch, then keep this user's facts only.
CALL db.index.vector.queryRelationships('kgmem_fact_embedding', $candidates, $vector) YIELD relationship, score
WHERE relationship.userId = $userId AND score >= $minScore
RETURN relationship.uid AS uid, score
ORDER BY score DESC
LIMIT $k
