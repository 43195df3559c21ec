// Facts said again (or split, keeping only their earlier observations): the mention count,
// provenance and observations as the write planned them (this process is the only writer).
// (Fields projected with WITH first; see facts-from.cypher.)
UNWIND $rows AS r
WITH r.subjectUid AS subjectUid, r.uid AS factUid, r.mentions AS mentions, r.episodeIds AS episodeIds, r.observedAt AS observedAt, r.observedBy AS observedBy
MATCH (s:Entity {uid: subjectUid})
MATCH (s)-[f:FACT]->(:Entity)
WHERE f.uid = factUid AND f.userId = $userId
SET f.mentions = mentions, f.episodeIds = episodeIds, f.observedAt = observedAt, f.observedBy = observedBy
