// Episodes stored before turns were indexed by concept (no `concepts` yet): migrated on first search.
MATCH (u:User {id: $userId})-[:HAS_EPISODE]->(p:Episode)
WHERE p.concepts IS NULL
RETURN p.uid AS uid, p.messages AS messages
LIMIT $limit
