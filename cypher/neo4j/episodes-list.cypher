// One user's episodes, optionally of one status and one thread ('' for any), oldest first.
MATCH (:User {id: $userId})-[:HAS_EPISODE]->(p:Episode)
WHERE ($status = '' OR p.status = $status) AND ($threadId = '' OR p.threadId = $threadId)
RETURN p.uid AS uid, p.threadId AS threadId, p.messages AS messages, p.contentHash AS contentHash, p.summary AS summary, p.at.epochMillis AS at, p.status AS status, p.error AS error
ORDER BY p.at, p.uid
LIMIT $limit
