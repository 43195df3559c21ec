UNWIND $ids AS id
MATCH (k:EntityKey {id: id})-[:KEY_OF]->(e:Entity)
USING INDEX k:EntityKey(id)
WHERE e.userId = $userId
RETURN k.key AS lookupKey, e.uid AS uid, e.key AS key, e.name AS name, e.type AS type, e.summary AS summary, e.aliases AS aliases, e.createdAt.epochMillis AS createdAt, e.updatedAt.epochMillis AS updatedAt, e.mentions AS mentions
