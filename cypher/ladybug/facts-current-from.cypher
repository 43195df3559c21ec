// Current facts leaving the given subjects with the given predicate keys (dedup and contradiction).
UNWIND $pairs AS p
MATCH (s:Entity {uid: p.subjectUid})-[f:FACT]->(o:Entity)
WHERE f.userId = $userId AND f.key = p.key AND f.validTo IS NULL
RETURN f.uid AS uid, s.uid AS subjectUid, s.name AS subject, o.uid AS objectUid, o.name AS object, f.predicate AS predicate, f.key AS key, f.statement AS statement, f.confidence AS confidence, f.validFrom AS validFrom, f.validTo AS validTo, f.createdAt AS createdAt, f.episodeIds AS episodeIds, f.invalidatedBy AS invalidatedBy, f.mentions AS mentions
