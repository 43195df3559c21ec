// New entities of one user, each owned by the user (the scoping edge).
MATCH (u:User {id: $userId})
UNWIND $rows AS r
CREATE (u)-[:OWNS]->(e:Entity {uid: r.uid, userId: $userId, key: r.key, name: r.name, type: r.type, summary: r.summary, aliases: r.aliases, aliasText: r.aliasText, embedding: r.embedding, createdAt: datetime(r.at), updatedAt: datetime(r.at), mentions: r.mentions})
