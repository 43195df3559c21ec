// What a recall reads of a user once, in one round trip (see user-state.ts): the user's write
// count (see user-lock), which the cached vocabulary and fact count are kept with, the vector
// indexes' shares: how many entities, turns and facts they hold in all (each from Neo4j's count
// store, no scan) and how many entities and turns are this user's (its node's degrees), and how
// many terms and concept terms the user's turns hold in all (kept by every write of a turn; null
// for a user written before they were kept, until the migration at open counts them).
// No row: no such user.
MATCH (u:User {id: $userId})
RETURN u.writes AS writes,
  COUNT { (:Entity) } AS entityTotal,
  COUNT { (:Episode) } AS episodeTotal,
  COUNT { ()-[:FACT]->() } AS factTotal,
  COUNT { (u)-[:OWNS]->() } AS entityOwn,
  COUNT { (u)-[:HAS_EPISODE]->() } AS episodeOwn,
  u.termLength AS termLength,
  u.conceptTermLength AS conceptTermLength
