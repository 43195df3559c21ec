// Zero vectors stored before they were refused (Neo4j's cosine fails on them; the vector indexes
// leave them out) become empty lists (embedded, nothing to compare): once per database, on open.
CALL () {
  MATCH (e:Entity)
  WHERE size(e.embedding) > 0 AND all(x IN e.embedding WHERE x = 0)
  SET e.embedding = []
}
CALL () {
  MATCH (p:Episode)
  WHERE size(p.embedding) > 0 AND all(x IN p.embedding WHERE x = 0)
  SET p.embedding = []
}
CALL () {
  MATCH ()-[f:FACT]->()
  WHERE size(f.embedding) > 0 AND all(x IN f.embedding WHERE x = 0)
  SET f.embedding = []
}
