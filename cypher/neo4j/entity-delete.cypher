// Remove one entity of one user with its lookup keys and every fact touching it. The user's write
// count moves with it (see user-lock), so what other processes keep of the user is read again.
MATCH (e:Entity {uid: $uid})
USING INDEX e:Entity(uid)
WHERE e.userId = $userId
OPTIONAL MATCH (u:User {id: $userId})
SET u.writes = coalesce(u.writes, 0) + 1
WITH e
OPTIONAL MATCH (k:EntityKey)-[:KEY_OF]->(e)
DETACH DELETE k, e
RETURN count(*) AS deleted
