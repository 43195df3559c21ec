// One round of the turns' vector index for a large user: the index ranks every user's turns, so
// the caller over-fetches $candidates and keeps this user's, fetching again with more when fewer
// than k were found while better ones may remain. As for entities, each candidate of the user is
// scored again exactly from its stored embedding ((1 + cos) / 2, as Neo4j scores cosine).
CALL db.index.vector.queryNodes('kgmem_episode_embedding', $candidates, $vector) YIELD node, score
WITH node, score, CASE WHEN node.userId = $userId THEN vector.similarity.cosine(node.embedding, $vector) END AS exact
WITH collect(CASE WHEN exact >= $minScore THEN {uid: node.uid, score: exact} END) AS hits, min(score) AS floor, count(*) AS fetched
RETURN hits, floor, fetched
