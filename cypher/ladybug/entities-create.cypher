// New entities of one user, each owned by the user (the scoping edge). Batch-level values are
// parameters, not row fields: timestamp and list conversion per row dominate a bulk load.
// A new entity's aliases are its own key; extra aliases are set by entities-set-aliases.cypher.
MATCH (u:User {id: $userId})
UNWIND $rows AS r
CREATE (u)-[:OWNS]->(e:Entity {uid: r.uid, userId: $userId, key: r.key, name: r.name, type: r.type, summary: r.summary, aliases: [r.key], vector: r.embedding, createdAt: timestamp($at), updatedAt: timestamp($at), mentions: r.mentions})
