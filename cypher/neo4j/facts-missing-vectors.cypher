// Facts stored before fact search existed (no statement embedding yet): migrated on first use.
MATCH (s:Entity)-[f:FACT]->(:Entity)
WHERE s.userId = $userId AND f.userId = $userId AND f.embedding IS NULL
RETURN f.uid AS uid, s.uid AS subjectUid, f.statement AS statement
LIMIT $limit
