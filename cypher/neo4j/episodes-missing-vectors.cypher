// Episodes stored before episode search existed (no text or embedding yet): migrated on first use.
MATCH (u:User {id: $userId})-[:HAS_EPISODE]->(p:Episode)
WHERE p.embedding IS NULL
RETURN p.uid AS uid, p.messages AS messages
LIMIT $limit
