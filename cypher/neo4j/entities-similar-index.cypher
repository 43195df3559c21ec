// Approximate search through the vector index for large users: over-fetch, then keep this
// user's entities only. vector.similarity.cosine and the index score both lie in [0, 1] for
// cosine in Neo4j ((1 + cos) / 2), so the threshold is mapped by the caller.
CALL db.index.vector.queryNodes('kgmem_entity_embedding', $candidates, $vector) YIELD node, score
WHERE node.userId = $userId AND score >= $minScore
RETURN node.uid AS uid, score
ORDER BY score DESC
LIMIT $k
