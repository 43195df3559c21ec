// Two MATCH clauses, not one comma pattern: Ladybug plans the comma form as a scan + hash join
// over every entity (cost grows with the database), the chained form as two key lookups.
UNWIND $rows AS r
MATCH (s:Entity {uid: r.subjectUid})
MATCH (o:Entity {uid: r.objectUid})
WHERE s.userId = $userId AND o.userId = $userId
CREATE (s)-[:FACT {uid: r.uid, userId: $userId, predicate: r.predicate, key: r.key, statement: r.statement, confidence: r.confidence, validFrom: timestamp(r.validFrom), validTo: NULL, createdAt: timestamp(r.createdAt), episodeIds: r.episodeIds, invalidatedBy: NULL, mentions: r.mentions}]->(o)
