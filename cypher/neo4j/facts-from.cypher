// Facts (current and closed) leaving the given subjects with the given predicate keys: the
// timelines the temporal rules place a new fact on.
UNWIND $pairs AS p
MATCH (s:Entity {uid: p.subjectUid})-[f:FACT]->(o:Entity)
USING INDEX s:Entity(uid)
WHERE f.userId = $userId AND f.key = p.key
RETURN f.uid AS uid, s.uid AS subjectUid, o.uid AS objectUid, f.key AS key, f.validFrom.epochMillis AS validFrom, f.validTo.epochMillis AS validTo, f.invalidatedBy AS invalidatedBy, f.supersededBy AS supersededBy, f.episodeIds AS episodeIds, f.predicate AS predicate, f.statement AS statement, f.confidence AS confidence, f.mentions AS mentions, f.observedAt AS observedAt, f.observedBy AS observedBy
