// One round of the relationship vector index (Neo4j 5.13+) for a large user: the index ranks
// every user's facts, so the caller over-fetches $candidates and keeps this user's, fetching
// again with more when fewer than k were found while better ones may remain. As for entities,
// each candidate of the user is scored again exactly from its stored embedding.
CALL db.index.vector.queryRelationships('kgmem_fact_embedding', $candidates, $vector) YIELD relationship, score
WITH relationship, score, CASE WHEN relationship.userId = $userId THEN vector.similarity.cosine(relationship.embedding, $vector) END AS exact
WITH collect(CASE WHEN exact >= $minScore THEN {uid: relationship.uid, score: exact} END) AS hits, min(score) AS floor, count(*) AS fetched
RETURN hits, floor, fetched
