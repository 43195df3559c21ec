// Statement embeddings of facts (migration of facts stored before fact search).
// (Fields projected with WITH first; see facts-from.cypher.)
UNWIND $rows AS r
WITH r.uid AS factUid, r.subjectUid AS subjectUid, r.vector AS vector
MATCH (s:Entity {uid: subjectUid})
MATCH (s)-[f:FACT]->(:Entity)
WHERE f.uid = factUid AND f.userId = $userId
SET f.vector = vector
