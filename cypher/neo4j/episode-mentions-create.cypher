// Which entities an episode mentioned (provenance for entities, as episodeIds is for facts).
MATCH (p:Episode {uid: $episodeUid})
USING INDEX p:Episode(uid)
WHERE p.userId = $userId
UNWIND $entityUids AS id
MATCH (e:Entity {uid: id})
USING INDEX e:Entity(uid)
WHERE e.userId = $userId
MERGE (p)-[:MENTIONS]->(e)
