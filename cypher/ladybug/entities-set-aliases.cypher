// Entities whose alias list changed (a name merged into them by similarity).
UNWIND $rows AS r
WITH r.uid AS entityUid, r.aliases AS aliases
MATCH (e:Entity {uid: entityUid})
WHERE e.userId = $userId
SET e.aliases = aliases
