// One fact said again (the single-row form: Ladybug plans it as key lookups, while the UNWIND
// form of facts-mention.cypher scans the user's facts and pays off only for bulk writes).
MATCH (s:Entity {uid: $subjectUid})-[f:FACT]->(:Entity)
WHERE f.uid = $uid AND f.userId = $userId
SET f.mentions = $mentions, f.episodeIds = $episodeIds, f.observedAt = $observedAt, f.observedBy = $observedBy
