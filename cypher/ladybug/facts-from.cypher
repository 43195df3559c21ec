// Facts (current and closed) leaving the given subjects with the given predicate keys: the
// timelines the temporal rules place a new fact on.
// Row fields are projected with WITH first: Ladybug 0.19 drops every row when a WHERE after a
// chained MATCH reads a field of an UNWIND struct directly.
UNWIND $pairs AS p
WITH p.subjectUid AS subjectUid, p.key AS predicateKey
MATCH (s:Entity {uid: subjectUid})
MATCH (s)-[f:FACT]->(o:Entity)
WHERE f.userId = $userId AND f.key = predicateKey
RETURN f.uid AS uid, s.uid AS subjectUid, o.uid AS objectUid, f.key AS key, f.validFrom AS validFrom, f.validTo AS validTo, f.invalidatedBy AS invalidatedBy, f.supersededBy AS supersededBy, f.episodeIds AS episodeIds, f.predicate AS predicate, f.statement AS statement, f.confidence AS confidence, f.mentions AS mentions, f.observedAt AS observedAt, f.observedBy AS observedBy
