// Which entities each of a user's turns mentioned (for an export).
MATCH (u:User {id: $userId})
MATCH (u)-[:HAS_EPISODE]->(p:Episode)-[:MENTIONS]->(e:Entity)
RETURN p.uid AS episodeUid, e.uid AS entityUid
ORDER BY episodeUid, entityUid
