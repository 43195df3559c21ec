// A current fact said again: count it and add the new sources to its provenance.
UNWIND $rows AS r
MATCH (s:Entity {uid: r.subjectUid})-[f:FACT]->(:Entity)
WHERE f.uid = r.uid AND f.userId = $userId
SET f.mentions = f.mentions + r.mentions, f.episodeIds = list_distinct(list_concat(f.episodeIds, r.episodeIds))
