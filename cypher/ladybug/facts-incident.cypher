// Facts touching the given entities, in both directions, valid at the requested time:
// Key lookups come in their own MATCH clause: Ladybug plans a key inside a longer pattern as a
// scan of the whole table. Only predicate keys in $keys unless $anyKey. $mode 'current' (validTo IS NULL), 'asOf' (valid at $asOf) or 'all' (history included).
UNWIND $uids AS id
MATCH (s:Entity {uid: id})
MATCH (s)-[f:FACT]->(o:Entity)
WHERE f.userId = $userId AND ($anyKey OR f.key IN $keys) AND ($mode = 'all' OR ($mode = 'current' AND f.validTo IS NULL) OR ($mode = 'asOf' AND f.validFrom <= timestamp($asOf) AND (f.validTo IS NULL OR f.validTo > timestamp($asOf))))
RETURN f.uid AS uid, s.uid AS subjectUid, s.name AS subject, o.uid AS objectUid, o.name AS object, f.predicate AS predicate, f.key AS key, f.statement AS statement, f.confidence AS confidence, f.validFrom AS validFrom, f.validTo AS validTo, f.createdAt AS createdAt, f.episodeIds AS episodeIds, f.invalidatedBy AS invalidatedBy, f.supersededBy AS supersededBy, f.mentions AS mentions, f.observedAt AS observedAt, f.observedBy AS observedBy
UNION ALL
UNWIND $uids AS id
MATCH (o:Entity {uid: id})
MATCH (s:Entity)-[f:FACT]->(o)
WHERE f.userId = $userId AND ($anyKey OR f.key IN $keys) AND ($mode = 'all' OR ($mode = 'current' AND f.validTo IS NULL) OR ($mode = 'asOf' AND f.validFrom <= timestamp($asOf) AND (f.validTo IS NULL OR f.validTo > timestamp($asOf))))
RETURN f.uid AS uid, s.uid AS subjectUid, s.name AS subject, o.uid AS objectUid, o.name AS object, f.predicate AS predicate, f.key AS key, f.statement AS statement, f.confidence AS confidence, f.validFrom AS validFrom, f.validTo AS validTo, f.createdAt AS createdAt, f.episodeIds AS episodeIds, f.invalidatedBy AS invalidatedBy, f.supersededBy AS supersededBy, f.mentions AS mentions, f.observedAt AS observedAt, f.observedBy AS observedBy
