// Facts touching the given entities, in either direction, valid at the requested time:
// Only predicate keys in $keys unless $anyKey. $mode 'current' (validTo IS NULL), 'asOf' (valid at $asOf) or 'all' (history included).
UNWIND $uids AS id
MATCH (:Entity {uid: id})-[f:FACT]-(:Entity)
WHERE f.userId = $userId AND ($anyKey OR f.key IN $keys) AND ($mode = 'all' OR ($mode = 'current' AND f.validTo IS NULL) OR ($mode = 'asOf' AND f.validFrom <= datetime($asOf) AND (f.validTo IS NULL OR f.validTo > datetime($asOf))))
WITH DISTINCT f
MATCH (s:Entity)-[f]->(o:Entity)
RETURN f.uid AS uid, s.uid AS subjectUid, s.name AS subject, o.uid AS objectUid, o.name AS object, f.predicate AS predicate, f.key AS key, f.statement AS statement, f.confidence AS confidence, f.validFrom AS validFrom, f.validTo AS validTo, f.createdAt AS createdAt, f.episodeIds AS episodeIds, f.invalidatedBy AS invalidatedBy, f.supersededBy AS supersededBy, f.mentions AS mentions
