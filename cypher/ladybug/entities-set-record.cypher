// Entities a merge or a split changed: their alias lists and mention counts as planned.
UNWIND $rows AS r
WITH r.uid AS entityUid, r.aliases AS aliases, r.mentions AS mentions, r.at AS at
MATCH (e:Entity {uid: entityUid})
WHERE e.userId = $userId
SET e.aliases = aliases, e.mentions = mentions, e.updatedAt = timestamp(at)
