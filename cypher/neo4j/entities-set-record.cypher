// Entities a merge or a split changed: their alias lists (and full-text copy) and mention counts
// as planned.
UNWIND $rows AS r
MATCH (e:Entity {uid: r.uid})
USING INDEX e:Entity(uid)
WHERE e.userId = $userId
SET e.aliases = r.aliases, e.aliasText = r.aliasText, e.mentions = r.mentions, e.updatedAt = r.at
