// Episodes of one user whose concepts (the WordNet ancestors of their words, `ConceptReader`)
// match a full-text query (Lucene syntax, escaped and weighted by the caller), BM25-scored by the
// index. As in episodes-fulltext, the query requires the user's key and the userId test guards.
CALL db.index.fulltext.queryNodes('kgmem_episode_concepts', $query, {limit: $k}) YIELD node, score
WHERE node.userId = $userId
RETURN node.uid AS uid, score
ORDER BY score DESC
LIMIT $k
