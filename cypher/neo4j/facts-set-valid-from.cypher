// Facts that turned out to hold earlier than known (a write out of time order said them first).
UNWIND $rows AS r
MATCH (:Entity {uid: r.subjectUid})-[f:FACT {uid: r.uid}]->(:Entity)
USING INDEX f:FACT(uid)
WHERE f.userId = $userId
SET f.validFrom = r.validFrom
