// MENTIONS edges dropped (a split gives a turn's mention back to the entity it named).
UNWIND $rows AS r
MATCH (p:Episode {uid: r.episodeUid})-[m:MENTIONS]->(e:Entity {uid: r.entityUid})
USING INDEX p:Episode(uid)
WHERE p.userId = $userId AND e.userId = $userId
DELETE m
