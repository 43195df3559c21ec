// Current facts leaving the given subjects with the given predicate keys (dedup and contradiction).
UNWIND $pairs AS p
MATCH (s:Entity {uid: p.subjectUid})-[f:FACT]->(o:Entity)
WHERE f.userId = $userId AND f.key = p.key AND f.validTo IS NULL
RETURN f.uid AS uid, s.uid AS subjectUid, o.uid AS objectUid, f.key AS key
