// One fact of a user by uid (any validity); nothing for another user's fact.
MATCH (s:Entity)-[f:FACT {uid: $uid}]->(o:Entity)
USING INDEX f:FACT(uid)
WHERE f.userId = $userId
RETURN f.uid AS uid, s.uid AS subjectUid, s.name AS subject, o.uid AS objectUid, o.name AS object, f.predicate AS predicate, f.key AS key, f.statement AS statement, f.confidence AS confidence, f.validFrom.epochMillis AS validFrom, f.validTo.epochMillis AS validTo, f.createdAt.epochMillis AS createdAt, f.episodeIds AS episodeIds, f.invalidatedBy AS invalidatedBy, f.supersededBy AS supersededBy, f.mentions AS mentions, f.observedAt AS observedAt, f.observedBy AS observedBy
