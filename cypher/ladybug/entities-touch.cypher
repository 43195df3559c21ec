// Existing entities said again: count the mention and fill an unknown type.
UNWIND $rows AS r
WITH r.uid AS entityUid, r.mentions AS mentions, r.type AS entityType
MATCH (e:Entity {uid: entityUid})
WHERE e.userId = $userId
SET e.mentions = e.mentions + mentions, e.updatedAt = timestamp($at), e.type = CASE WHEN e.type = '' THEN entityType ELSE e.type END
