// Facts stored before fact search existed (no statement embedding yet): migrated on first use.
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(s:Entity)-[f:FACT]->(:Entity)
WHERE f.vector IS NULL OR f.vector = ''
RETURN f.uid AS uid, s.uid AS subjectUid, f.statement AS statement
LIMIT $limit
