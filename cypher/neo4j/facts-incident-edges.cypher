// facts-incident as bare edges (uid, ends, predicate key) for the walk, which loads the few facts
// it ranks by uid: the same facts, chosen the same way (at most $cap per entity, the most recent
// first, then the most mentioned, then by statement and uid), in that order, without the other
// fields a hub's thousands of facts would otherwise send. Facts join entities of one user only,
// so the entity's user test covers its facts.
UNWIND $uids AS id
MATCH (e:Entity {uid: id})
USING INDEX e:Entity(uid)
WHERE e.userId = $userId
CALL (e) {
  MATCH (e)-[f:FACT]-()
  WHERE ($anyKey OR f.key IN $keys) AND ($mode = 'all' OR ($mode = 'current' AND f.validTo IS NULL) OR ($mode = 'asOf' AND f.validFrom <= $asOf AND (f.validTo IS NULL OR f.validTo > $asOf)))
  RETURN f
  ORDER BY f.validFrom DESC, f.mentions DESC, f.statement, f.uid
  LIMIT $cap
}
WITH DISTINCT f
ORDER BY f.validFrom DESC, f.mentions DESC, f.statement, f.uid
RETURN f.uid AS uid, startNode(f).uid AS subjectUid, endNode(f).uid AS objectUid, f.key AS key
