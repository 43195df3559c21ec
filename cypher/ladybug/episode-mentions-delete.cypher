// MENTIONS edges dropped (a split gives a turn's mention back to the entity it named).
UNWIND $rows AS r
WITH r.episodeUid AS episodeUid, r.entityUid AS entityUid
MATCH (p:Episode {uid: episodeUid})-[m:MENTIONS]->(e:Entity {uid: entityUid})
WHERE p.userId = $userId AND e.userId = $userId
DELETE m
