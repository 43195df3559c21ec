// One user's turn texts, embeddings, threads and times, for a cache's in-process full-text and
// vector indexes and the order of turns within each thread.
MATCH (:User {id: $userId})-[:HAS_EPISODE]->(p:Episode)
RETURN p.uid AS uid, p.text AS text, p.embedding AS vector, p.threadId AS threadId, p.at.epochMillis AS at
