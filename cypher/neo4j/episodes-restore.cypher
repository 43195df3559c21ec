// Restored conversation turns of one user, exactly as exported (messages, thread, time, status,
// failure reason, summary), with their searchable text, concepts and embedding, counted in the
// user's totals of turn terms (see user-state).
MATCH (u:User {id: $userId})
UNWIND $rows AS r
CREATE (u)-[:HAS_EPISODE]->(:Episode {uid: r.uid, userId: $userId, userKey: $userKey, threadId: r.threadId, messages: r.messages, contentHash: r.contentHash, summary: r.summary, at: r.at, status: r.status, error: r.error, text: r.text, terms: r.terms, conceptTerms: r.conceptTerms, embedding: r.vector})
SET u.termLength = u.termLength + size([t IN split(coalesce(r.terms, ''), ' ') WHERE t <> '']),
  u.conceptTermLength = u.conceptTermLength + size([t IN split(coalesce(r.conceptTerms, ''), ' ') WHERE t <> ''])
