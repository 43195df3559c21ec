// Lookup keys removed by id (an entity re-keyed: its old key goes).
UNWIND $ids AS keyId
MATCH (k:EntityKey {id: keyId})
USING INDEX k:EntityKey(id)
WHERE k.userId = $userId
DETACH DELETE k
