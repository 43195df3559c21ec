// Statement embeddings of facts (migration of facts stored before fact search).
UNWIND $rows AS r
MATCH (:Entity {uid: r.subjectUid})-[f:FACT {uid: r.uid}]->(:Entity)
USING INDEX f:FACT(uid)
WHERE f.userId = $userId
SET f.embedding = r.vector
