// The uids of every fact touching one entity (either end), whose embeddings go with it.
MATCH (e:Entity {uid: $uid})
WHERE e.userId = $userId
MATCH (e)-[f:FACT]-(:Entity)
RETURN DISTINCT f.uid AS uid
