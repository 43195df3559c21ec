// Existing entities said again: count the mention, keep new aliases, fill an unknown type.
UNWIND $rows AS r
MATCH (e:Entity {uid: r.uid})
USING INDEX e:Entity(uid)
WHERE e.userId = $userId
SET e.mentions = e.mentions + r.mentions, e.updatedAt = r.at, e.aliases = r.aliases, e.aliasText = r.aliasText, e.type = CASE WHEN e.type = '' THEN r.type ELSE e.type END
