// Facts said again (or split, keeping only their earlier observations): the mention count,
// provenance and observations as the write planned them under the user's lock.
UNWIND $rows AS r
MATCH (:Entity {uid: r.subjectUid})-[f:FACT {uid: r.uid}]->(:Entity)
USING INDEX f:FACT(uid)
WHERE f.userId = $userId
SET f.mentions = r.mentions, f.episodeIds = r.episodeIds, f.observedAt = r.observedAt, f.observedBy = r.observedBy
