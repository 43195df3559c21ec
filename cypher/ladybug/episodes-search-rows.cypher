// One user's episode texts, embeddings, threads and times, to build the in-process full-text and
// vector indexes and the order of turns within each thread.
MATCH (u:User {id: $userId})
MATCH (u)-[:HAS_EPISODE]->(p:Episode)
RETURN p.uid AS uid, p.text AS text, p.vector AS vector, p.threadId AS threadId, p.at AS at
