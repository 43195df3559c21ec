// Facts touching the given entities, in either direction, valid at the requested time: at most
// $cap per entity, the most recent first (then the most mentioned, then by statement and uid), chosen here
// so a hub's other facts never leave the server. Only predicate keys in $keys unless $anyKey.
// $mode 'current' (validTo IS NULL), 'asOf' (valid at $asOf) or 'all' (history included).
UNWIND $uids AS id
MATCH (e:Entity {uid: id})
USING INDEX e:Entity(uid)
WHERE e.userId = $userId
CALL (e) {
  MATCH (e)-[f:FACT]-(:Entity)
  WHERE f.userId = $userId AND ($anyKey OR f.key IN $keys) AND ($mode = 'all' OR ($mode = 'current' AND f.validTo IS NULL) OR ($mode = 'asOf' AND f.validFrom <= $asOf AND (f.validTo IS NULL OR f.validTo > $asOf)))
  RETURN f
  ORDER BY f.validFrom DESC, f.mentions DESC, f.statement, f.uid
  LIMIT $cap
}
WITH DISTINCT f
MATCH (s:Entity)-[f]->(o:Entity)
RETURN f.uid AS uid, s.uid AS subjectUid, s.name AS subject, o.uid AS objectUid, o.name AS object, f.predicate AS predicate, f.key AS key, f.statement AS statement, f.confidence AS confidence, f.validFrom.epochMillis AS validFrom, f.validTo.epochMillis AS validTo, f.createdAt.epochMillis AS createdAt, f.episodeIds AS episodeIds, f.invalidatedBy AS invalidatedBy, f.supersededBy AS supersededBy, f.mentions AS mentions, f.observedAt AS observedAt, f.observedBy AS observedBy
