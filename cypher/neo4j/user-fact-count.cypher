// How many facts are this user's, with the write count it was counted at: counting walks all of
// them (~50 ms at 129k), so the caller keeps it with that count and counts again only when the
// count moved (see user-state).
MATCH (u:User {id: $userId})
RETURN u.writes AS writes, COUNT { (u)-[:OWNS]->(:Entity)-[:FACT]->(:Entity) } AS own
