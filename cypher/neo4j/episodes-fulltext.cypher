// Episodes of one user whose search terms (src/store/episode-terms.ts) match a full-text query on
// the whitespace-analysed `terms` field (Lucene syntax, escaped and weighted by the caller): the
// candidates of a text search, with both fields' terms, which the caller scores again with the
// user's own statistics (Lucene's count every user's turns). The query requires the user's key
// (`+userKey:…^0`, unscored), so the index ranks this user's turns only; the userId test is a
// second guard.
CALL db.index.fulltext.queryNodes('kgmem_episode_terms', $query, {limit: $k}) YIELD node, score
WHERE node.userId = $userId
RETURN node.uid AS uid, node.terms AS terms, node.conceptTerms AS conceptTerms, score
ORDER BY score DESC
LIMIT $k
