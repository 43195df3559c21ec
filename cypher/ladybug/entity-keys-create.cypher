// Lookup keys (normalised names and aliases). EntityKey.id is the primary key, so resolving a
// name is an index lookup, not a scan; the id encodes the user, so keys never collide across users.
UNWIND $rows AS r
MATCH (e:Entity {uid: r.entityUid})
WHERE e.userId = $userId
CREATE (k:EntityKey {id: r.id, userId: $userId, key: r.key})-[:KEY_OF]->(e)
