// Close (or re-close, when a write out of time order cuts a closed fact shorter) facts; they are
// kept as history, never deleted. invalidatedBy names the episode or source that closed the fact,
// supersededBy the fact that replaced it ('' for none).
UNWIND $rows AS r
MATCH (:Entity {uid: r.subjectUid})-[f:FACT {uid: r.uid}]->(:Entity)
USING INDEX f:FACT(uid)
WHERE f.userId = $userId
SET f.validTo = r.validTo, f.invalidatedBy = r.invalidatedBy, f.supersededBy = CASE WHEN r.supersededBy = '' THEN null ELSE r.supersededBy END
