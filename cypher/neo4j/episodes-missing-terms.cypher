// Episodes stored before turns kept their search terms (no `terms` yet): given them by the
// migration at open.
MATCH (u:User {id: $userId})-[:HAS_EPISODE]->(p:Episode)
WHERE p.terms IS NULL
RETURN p.uid AS uid, p.messages AS messages
LIMIT $limit
