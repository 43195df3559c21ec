// Close (or re-close) one fact (single-row form; see facts-mention-one.cypher).
MATCH (s:Entity {uid: $subjectUid})-[f:FACT]->(:Entity)
WHERE f.uid = $uid AND f.userId = $userId
SET f.validTo = timestamp($validTo), f.invalidatedBy = $invalidatedBy, f.supersededBy = CASE WHEN $supersededBy = '' THEN NULL ELSE $supersededBy END
