// One round of the vector index for a large user: the index ranks every user's entities, so the
// caller over-fetches $candidates and keeps this user's; it fetches again with more candidates
// when fewer than k were found while better ones may remain ($floor: the lowest score fetched,
// $fetched: how many the index gave). Scores are Neo4j's cosine, (1 + cos) / 2.
CALL db.index.vector.queryNodes('kgmem_entity_embedding', $candidates, $vector) YIELD node, score
WITH collect(CASE WHEN node.userId = $userId AND score >= $minScore THEN {uid: node.uid, score: score} END) AS hits, min(score) AS floor, count(*) AS fetched
RETURN hits[..$k] AS hits, floor, fetched
