MATCH (u:User {id: $userId})-[:OWNS]->(e:Entity)
RETURN e.uid AS uid, e.key AS key, e.name AS name, e.type AS type, e.summary AS summary, e.aliases AS aliases, e.createdAt.epochMillis AS createdAt, e.updatedAt.epochMillis AS updatedAt, e.mentions AS mentions
ORDER BY e.mentions DESC, e.name
LIMIT $limit
