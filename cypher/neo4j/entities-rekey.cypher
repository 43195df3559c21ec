// Entities re-keyed once keys kept the symbols that tell names apart ("C++" stored as "c" gets
// "c++"): the key, the alias list and its full-text copy (lookup key nodes are replaced alongside).
UNWIND $rows AS r
MATCH (e:Entity {uid: r.uid})
USING INDEX e:Entity(uid)
WHERE e.userId = $userId
SET e.key = r.key, e.aliases = r.aliases, e.aliasText = r.aliasText
