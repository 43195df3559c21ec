// A conversation turn, stored before extraction so nothing said is lost if extraction fails; the
// user's totals of turn terms and concept terms (see user-state) count its own.
MATCH (u:User {id: $userId})
CREATE (u)-[:HAS_EPISODE]->(:Episode {uid: $uid, userId: $userId, userKey: $userKey, threadId: $threadId, messages: $messages, contentHash: $contentHash, summary: '', at: $at, status: 'pending', error: '', text: $text, terms: $terms, conceptTerms: $conceptTerms, embedding: $vector})
SET u.termLength = u.termLength + size([t IN split(coalesce($terms, ''), ' ') WHERE t <> '']),
  u.conceptTermLength = u.conceptTermLength + size([t IN split(coalesce($conceptTerms, ''), ' ') WHERE t <> ''])
