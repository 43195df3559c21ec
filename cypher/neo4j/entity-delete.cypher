// Remove one entity of one user with its lookup keys and every fact touching it.
MATCH (e:Entity {uid: $uid})
WHERE e.userId = $userId
OPTIONAL MATCH (k:EntityKey)-[:KEY_OF]->(e)
DETACH DELETE k, e
RETURN count(*) AS deleted
