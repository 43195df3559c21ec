// One round of the relationship vector index (Neo4j 5.13+) for a large user: the index ranks
// every user's facts, so the caller over-fetches $candidates and keeps this user's, fetching
// again with more when fewer than k were found while better ones may remain.
CALL db.index.vector.queryRelationships('kgmem_fact_embedding', $candidates, $vector) YIELD relationship, score
WITH collect(CASE WHEN relationship.userId = $userId AND score >= $minScore THEN {uid: relationship.uid, score: score} END) AS hits, min(score) AS floor, count(*) AS fetched
RETURN hits[..$k] AS hits, floor, fetched
