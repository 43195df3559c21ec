// One user's facts, optionally about one entity ($entityUid, '' for any) and one predicate key
// ($key, '' for any), at the requested time ($mode as in facts-incident).
MATCH (u:User {id: $userId})-[:OWNS]->(s:Entity)-[f:FACT]->(o:Entity)
WHERE ($entityUid = '' OR s.uid = $entityUid OR o.uid = $entityUid) AND ($key = '' OR f.key = $key) AND ($mode = 'all' OR ($mode = 'current' AND f.validTo IS NULL) OR ($mode = 'asOf' AND f.validFrom <= $asOf AND (f.validTo IS NULL OR f.validTo > $asOf)))
RETURN f.uid AS uid, s.uid AS subjectUid, s.name AS subject, o.uid AS objectUid, o.name AS object, f.predicate AS predicate, f.key AS key, f.statement AS statement, f.confidence AS confidence, f.validFrom.epochMillis AS validFrom, f.validTo.epochMillis AS validTo, f.createdAt.epochMillis AS createdAt, f.episodeIds AS episodeIds, f.invalidatedBy AS invalidatedBy, f.supersededBy AS supersededBy, f.mentions AS mentions, f.observedAt AS observedAt, f.observedBy AS observedBy
ORDER BY f.validFrom, f.uid
LIMIT $limit
