// Entities re-keyed once keys kept the symbols that tell names apart ("C++" stored as "c" gets
// "c++"): the key and the alias list (their lookup key nodes are replaced alongside).
UNWIND $rows AS r
WITH r.uid AS entityUid, r.key AS newKey, r.aliases AS aliases
MATCH (e:Entity {uid: entityUid})
WHERE e.userId = $userId
SET e.key = newKey, e.aliases = aliases
