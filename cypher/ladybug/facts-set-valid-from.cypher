// A fact turned out to hold earlier than known (a write out of time order said it first).
MATCH (s:Entity {uid: $subjectUid})-[f:FACT]->(:Entity)
WHERE f.uid = $uid AND f.userId = $userId
SET f.validFrom = timestamp($validFrom)
