// How many of one user's turns hold each concept term, as episodes-term-counts does for words.
UNWIND range(0, size($queries) - 1) AS i
CALL (i) {
  CALL db.index.fulltext.queryNodes('kgmem_episode_concept_terms', $queries[i]) YIELD node
  WHERE node.userId = $userId
  RETURN count(node) AS documents
}
RETURN i, documents
