// Restored entities of one user (kgmem import of an export): every field as exported, each owned
// by the user. Lookup keys are created by entity-keys-create.cypher.
MATCH (u:User {id: $userId})
UNWIND $rows AS r
CREATE (u)-[:OWNS]->(e:Entity {uid: r.uid, userId: $userId, userKey: $userKey, key: r.key, name: r.name, type: r.type, summary: r.summary, aliases: r.aliases, aliasText: r.aliasText, embedding: r.embedding, createdAt: r.createdAt, updatedAt: r.updatedAt, mentions: r.mentions})
