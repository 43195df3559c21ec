// New facts sharing one validFrom, createdAt and provenance (the adapter groups them).
// Two MATCH clauses, not one comma pattern: Ladybug plans the comma form as a scan + hash join
// over every entity (cost grows with the database), the chained form as two key lookups.
// Batch-level values are parameters rather than row fields: list and timestamp conversion per
// row doubles the cost of a bulk load.
UNWIND $rows AS r
MATCH (s:Entity {uid: r.subjectUid})
MATCH (o:Entity {uid: r.objectUid})
WHERE s.userId = $userId AND o.userId = $userId
CREATE (s)-[:FACT {uid: r.uid, userId: $userId, predicate: r.predicate, key: r.key, statement: r.statement, confidence: r.confidence, validFrom: timestamp($validFrom), validTo: NULL, createdAt: timestamp($createdAt), episodeIds: $episodeIds, invalidatedBy: NULL, supersededBy: NULL, mentions: r.mentions, observedAt: r.observedAt, observedBy: r.observedBy}]->(o)
