// Which entities an episode mentioned (provenance for entities, as episodeIds is for facts).
MATCH (p:Episode {uid: $episodeUid})
WHERE p.userId = $userId
UNWIND $entityUids AS id
MATCH (e:Entity {uid: id})
WHERE e.userId = $userId
MERGE (p)-[:MENTIONS]->(e)
