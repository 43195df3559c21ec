// Close contradicted facts; they are kept as history, never deleted.
UNWIND $rows AS r
MATCH (s:Entity {uid: r.subjectUid})-[f:FACT]->(:Entity)
WHERE f.uid = r.uid AND f.userId = $userId AND f.validTo IS NULL
SET f.validTo = timestamp(r.validTo), f.invalidatedBy = r.invalidatedBy
