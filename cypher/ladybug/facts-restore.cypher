// Restored facts of one user, current as created: a closed one is closed after by
// facts-invalidate.cypher with its exported end, closing source and successor.
UNWIND $rows AS r
MATCH (s:Entity {uid: r.subjectUid})
MATCH (o:Entity {uid: r.objectUid})
WHERE s.userId = $userId AND o.userId = $userId
CREATE (s)-[:FACT {uid: r.uid, userId: $userId, predicate: r.predicate, key: r.key, statement: r.statement, confidence: r.confidence, validFrom: timestamp(r.validFrom), validTo: NULL, createdAt: timestamp(r.createdAt), episodeIds: r.episodeIds, invalidatedBy: NULL, supersededBy: NULL, mentions: r.mentions, observedAt: r.observedAt, observedBy: r.observedBy}]->(o)
