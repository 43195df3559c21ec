// Restored MENTIONS edges: which entities each turn mentioned.
UNWIND $rows AS r
MATCH (p:Episode {uid: r.episodeUid})
USING INDEX p:Episode(uid)
MATCH (e:Entity {uid: r.entityUid})
USING INDEX e:Entity(uid)
WHERE p.userId = $userId AND e.userId = $userId
MERGE (p)-[:MENTIONS]->(e)
