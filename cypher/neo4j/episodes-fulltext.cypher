// Episodes of one user whose text matches a full-text query (Lucene syntax, escaped by the
// caller), BM25-scored by the index. The query requires the user's key (`+userKey:…`), so the
// index ranks this user's turns only; the userId test is a second guard.
CALL db.index.fulltext.queryNodes('kgmem_episode_search', $query, {limit: $k}) YIELD node, score
WHERE node.userId = $userId
RETURN node.uid AS uid, score
ORDER BY score DESC
LIMIT $k
