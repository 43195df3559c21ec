// Which entities an episode mentioned (provenance for entities, as episodeIds is for facts): the
// new ones only (the store leaves out those `episode-mentioned` lists). Not a MERGE: matching the
// edge would compare it with every MENTIONS edge of the database.
MATCH (p:Episode {uid: $episodeUid})
WHERE p.userId = $userId
UNWIND $entityUids AS id
MATCH (e:Entity {uid: id})
WHERE e.userId = $userId
CREATE (p)-[:MENTIONS]->(e)
