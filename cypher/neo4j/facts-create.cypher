UNWIND $rows AS r
MATCH (s:Entity {uid: r.subjectUid})
USING INDEX s:Entity(uid)
MATCH (o:Entity {uid: r.objectUid})
USING INDEX o:Entity(uid)
WHERE s.userId = $userId AND o.userId = $userId
CREATE (s)-[:FACT {uid: r.uid, userId: $userId, predicate: r.predicate, key: r.key, statement: r.statement, confidence: r.confidence, validFrom: r.validFrom, createdAt: r.createdAt, episodeIds: r.episodeIds, mentions: r.mentions, observedAt: r.observedAt, observedBy: r.observedBy, embedding: r.vector}]->(o)
