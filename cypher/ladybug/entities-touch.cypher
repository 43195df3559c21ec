// Existing entities said again: count the mention, keep new aliases, fill an unknown type.
UNWIND $rows AS r
WITH r.uid AS entityUid, r.mentions AS mentions, r.at AS at, r.aliases AS aliases, r.type AS entityType
MATCH (e:Entity {uid: entityUid})
WHERE e.userId = $userId
SET e.mentions = e.mentions + mentions, e.updatedAt = timestamp(at), e.aliases = aliases, e.type = CASE WHEN e.type = '' THEN entityType ELSE e.type END
