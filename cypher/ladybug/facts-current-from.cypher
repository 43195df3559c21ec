// Current facts leaving the given subjects with the given predicate keys (dedup and contradiction).
// Row fields are projected with WITH first: Ladybug 0.19 drops every row when a WHERE after a
// chained MATCH reads a field of an UNWIND struct directly.
UNWIND $pairs AS p
WITH p.subjectUid AS subjectUid, p.key AS predicateKey
MATCH (s:Entity {uid: subjectUid})
MATCH (s)-[f:FACT]->(o:Entity)
WHERE f.userId = $userId AND f.key = predicateKey AND f.validTo IS NULL
RETURN f.uid AS uid, s.uid AS subjectUid, o.uid AS objectUid, f.key AS key
