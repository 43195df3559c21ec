// Episodes of one user whose text matches a full-text query (Lucene syntax, escaped by the
// caller), BM25-scored by the index. Over-fetches $candidates and keeps this user's episodes.
CALL db.index.fulltext.queryNodes('kgmem_episode_text', $query, {limit: $candidates}) YIELD node, score
WHERE node.userId = $userId
RETURN node.uid AS uid, score
ORDER BY score DESC
LIMIT $k
