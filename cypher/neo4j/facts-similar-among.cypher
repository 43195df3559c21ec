// Cosine similarity of the given facts of one user (those a walk reached) ((1 + cos) / 2).
UNWIND $uids AS id
MATCH (:Entity)-[f:FACT {uid: id}]->(:Entity)
USING INDEX f:FACT(uid)
WHERE f.userId = $userId AND size(f.embedding) > 0
WITH f, vector.similarity.cosine(f.embedding, $vector) AS score
WHERE score >= $minScore
RETURN f.uid AS uid, score
ORDER BY score DESC
LIMIT $k
