// Episodes of one user whose search terms (src/store/episode-terms.ts) match a full-text query on
// the whitespace-analysed `terms` field (Lucene syntax, escaped and weighted by the caller),
// BM25-scored by the index. The query requires the user's key (`+userKey:…^0`, unscored), so the
// index ranks this user's turns only; the userId test is a second guard.
CALL db.index.fulltext.queryNodes('kgmem_episode_terms', $query, {limit: $k}) YIELD node, score
WHERE node.userId = $userId
RETURN node.uid AS uid, score
ORDER BY score DESC
LIMIT $k
