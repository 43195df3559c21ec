// How many of one user's turns hold each term, for BM25's document frequencies with the user's
// own turns (the index's own count every user's): one full-text query per term, `$queries[i]`
// the i-th term's (the user's key required), counted. A term no turn holds counts 0.
UNWIND range(0, size($queries) - 1) AS i
CALL (i) {
  CALL db.index.fulltext.queryNodes('kgmem_episode_terms', $queries[i]) YIELD node
  WHERE node.userId = $userId
  RETURN count(node) AS documents
}
RETURN i, documents
