// One fact of a user by uid (any validity); nothing for another user's fact.
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(s:Entity)-[f:FACT]->(o:Entity)
WHERE f.uid = $uid
RETURN f.uid AS uid, s.uid AS subjectUid, s.name AS subject, o.uid AS objectUid, o.name AS object, f.predicate AS predicate, f.key AS key, f.statement AS statement, f.confidence AS confidence, f.validFrom AS validFrom, f.validTo AS validTo, f.createdAt AS createdAt, f.episodeIds AS episodeIds, f.invalidatedBy AS invalidatedBy, f.supersededBy AS supersededBy, f.mentions AS mentions, f.observedAt AS observedAt, f.observedBy AS observedBy
