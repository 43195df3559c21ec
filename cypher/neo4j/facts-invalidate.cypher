// Close contradicted facts; they are kept as history, never deleted.
UNWIND $rows AS r
MATCH (:Entity {uid: r.subjectUid})-[f:FACT {uid: r.uid}]->(:Entity)
WHERE f.userId = $userId AND f.validTo IS NULL
SET f.validTo = datetime(r.validTo), f.invalidatedBy = r.invalidatedBy
