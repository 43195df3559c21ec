// A current fact said again: count it and add the new sources to its provenance.
// (Fields projected with WITH first; see facts-current-from.cypher.)
UNWIND $rows AS r
WITH r.subjectUid AS subjectUid, r.uid AS factUid, r.mentions AS mentions, r.episodeIds AS episodeIds
MATCH (s:Entity {uid: subjectUid})
MATCH (s)-[f:FACT]->(:Entity)
WHERE f.uid = factUid AND f.userId = $userId
SET f.mentions = f.mentions + mentions, f.episodeIds = list_distinct(list_concat(f.episodeIds, episodeIds))
