// New entities of one user, each owned by the user (the scoping edge).
MATCH (u:User {id: $userId})
UNWIND $rows AS r
CREATE (u)-[:OWNS]->(e:Entity {uid: r.uid, userId: $userId, userKey: $userKey, key: r.key, name: r.name, type: r.type, summary: r.summary, aliases: r.aliases, aliasText: r.aliasText, embedding: r.embedding, createdAt: r.at, updatedAt: r.at, mentions: r.mentions})
