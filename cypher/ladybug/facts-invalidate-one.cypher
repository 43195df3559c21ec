// Close one contradicted fact (single-row form; see facts-mention-one.cypher).
MATCH (s:Entity {uid: $subjectUid})-[f:FACT]->(:Entity)
WHERE f.uid = $uid AND f.userId = $userId AND f.validTo IS NULL
SET f.validTo = timestamp($validTo), f.invalidatedBy = $invalidatedBy
