// Lookup keys (normalised names and aliases), unique per user through the encoded id.
UNWIND $rows AS r
MATCH (e:Entity {uid: r.entityUid})
USING INDEX e:Entity(uid)
WHERE e.userId = $userId
CREATE (k:EntityKey {id: r.id, userId: $userId, key: r.key})-[:KEY_OF]->(e)
