// Close contradicted facts; they are kept as history, never deleted.
// (Fields projected with WITH first; see facts-current-from.cypher.)
UNWIND $rows AS r
WITH r.subjectUid AS subjectUid, r.uid AS factUid, r.validTo AS validTo, r.invalidatedBy AS invalidatedBy
MATCH (s:Entity {uid: subjectUid})
MATCH (s)-[f:FACT]->(:Entity)
WHERE f.uid = factUid AND f.userId = $userId AND f.validTo IS NULL
SET f.validTo = timestamp(validTo), f.invalidatedBy = invalidatedBy
