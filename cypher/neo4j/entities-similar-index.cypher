// One round of the vector index for a large user: the index ranks every user's entities, so the
// caller over-fetches $candidates and keeps this user's; it fetches again with more candidates
// when fewer than k were found while better ones may remain ($floor: the lowest index score
// fetched, $fetched: how many the index gave). The index only finds candidates: its scores are
// approximate (Neo4j quantizes vectors in its indexes), so each candidate of the user is scored
// again exactly from its stored embedding, as the exact search scores it. Scores are Neo4j's
// cosine, (1 + cos) / 2; the caller sorts the hits and keeps k.
CALL db.index.vector.queryNodes('kgmem_entity_embedding', $candidates, $vector) YIELD node, score
WITH node, score, CASE WHEN node.userId = $userId THEN vector.similarity.cosine(node.embedding, $vector) END AS exact
WITH collect(CASE WHEN exact >= $minScore THEN {uid: node.uid, score: exact} END) AS hits, min(score) AS floor, count(*) AS fetched
RETURN hits, floor, fetched
