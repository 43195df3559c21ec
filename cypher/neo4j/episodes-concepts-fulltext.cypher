// Episodes of one user whose concept terms (the WordNet ancestors of their words that they do not
// say in words, src/store/episode-terms.ts) match a full-text query: candidates with both fields'
// terms, as in episodes-fulltext.
CALL db.index.fulltext.queryNodes('kgmem_episode_concept_terms', $query, {limit: $k}) YIELD node, score
WHERE node.userId = $userId
RETURN node.uid AS uid, node.terms AS terms, node.conceptTerms AS conceptTerms, score
ORDER BY score DESC
LIMIT $k
