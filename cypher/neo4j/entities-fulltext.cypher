// Entities of one user whose name or aliases match a full-text query (Lucene syntax, escaped by the caller).
CALL db.index.fulltext.queryNodes('kgmem_entity_names', $query, {limit: $candidates}) YIELD node, score
WHERE node.userId = $userId
RETURN node.uid AS uid, score
ORDER BY score DESC
LIMIT $k
