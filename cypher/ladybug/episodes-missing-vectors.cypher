// Episodes stored before episode search existed (no text or embedding yet): migrated on first use.
MATCH (u:User {id: $userId})
MATCH (u)-[:HAS_EPISODE]->(p:Episode)
WHERE p.vector IS NULL OR p.vector = ''
RETURN p.uid AS uid, p.messages AS messages
LIMIT $limit
