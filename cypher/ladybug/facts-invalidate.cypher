// Close (or re-close, when a write out of time order cuts a closed fact shorter) facts; they are
// kept as history, never deleted. invalidatedBy names the episode or source that closed the fact,
// supersededBy the fact that replaced it ('' for none).
// (Fields projected with WITH first; see facts-from.cypher. The NULL is cast: with a row field
// Ladybug 0.19 refuses an untyped NULL in CASE when it prepares the statement.)
UNWIND $rows AS r
WITH r.subjectUid AS subjectUid, r.uid AS factUid, r.validTo AS validTo, r.invalidatedBy AS invalidatedBy, r.supersededBy AS supersededBy
MATCH (s:Entity {uid: subjectUid})
MATCH (s)-[f:FACT]->(:Entity)
WHERE f.uid = factUid AND f.userId = $userId
SET f.validTo = timestamp(validTo), f.invalidatedBy = invalidatedBy, f.supersededBy = CASE WHEN supersededBy = '' THEN CAST(NULL AS STRING) ELSE supersededBy END
