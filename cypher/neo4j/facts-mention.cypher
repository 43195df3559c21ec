// A current fact said again: count it and add the new sources to its provenance.
UNWIND $rows AS r
MATCH (:Entity {uid: r.subjectUid})-[f:FACT {uid: r.uid}]->(:Entity)
WHERE f.userId = $userId
SET f.mentions = f.mentions + r.mentions, f.episodeIds = f.episodeIds + [id IN r.episodeIds WHERE NOT id IN f.episodeIds]
