UNWIND $uids AS id
MATCH (e:Entity {uid: id})
USING INDEX e:Entity(uid)
WHERE e.userId = $userId
RETURN e.uid AS uid, e.key AS key, e.name AS name, e.type AS type, e.summary AS summary, e.aliases AS aliases, e.createdAt.epochMillis AS createdAt, e.updatedAt.epochMillis AS updatedAt, e.mentions AS mentions
