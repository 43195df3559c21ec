// Restored conversation turns of one user, exactly as exported (messages, thread, time, status,
// failure reason, summary), with their searchable text, concepts and embedding.
MATCH (u:User {id: $userId})
UNWIND $rows AS r
CREATE (u)-[:HAS_EPISODE]->(:Episode {uid: r.uid, userId: $userId, userKey: $userKey, threadId: r.threadId, messages: r.messages, contentHash: r.contentHash, summary: r.summary, at: r.at, status: r.status, error: r.error, text: r.text, terms: r.terms, conceptTerms: r.conceptTerms, embedding: r.vector})
