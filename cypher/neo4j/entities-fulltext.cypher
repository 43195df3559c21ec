// Entities of one user whose name or aliases match a full-text query (Lucene syntax, escaped by
// the caller). The query itself requires the user's key (`+userKey:…`), so the index ranks this
// user's entities only, however many other users share it; the userId test is a second guard.
CALL db.index.fulltext.queryNodes('kgmem_entity_text', $query, {limit: $k}) YIELD node, score
WHERE node.userId = $userId
RETURN node.uid AS uid, score
ORDER BY score DESC
LIMIT $k
