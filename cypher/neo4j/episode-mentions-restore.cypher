// Restored MENTIONS edges: which entities each turn mentioned.
UNWIND $rows AS r
MATCH (p:Episode {uid: r.episodeUid})
MATCH (e:Entity {uid: r.entityUid})
WHERE p.userId = $userId AND e.userId = $userId
MERGE (p)-[:MENTIONS]->(e)
