// A turn kept with fewer words after a forget: its messages, text, search terms and embedding
// made again from what is left (the thread and time stay), the user's totals of turn terms (see
// user-state) moved by the difference.
MATCH (p:Episode {uid: $uid})
USING INDEX p:Episode(uid)
WHERE p.userId = $userId AND p.threadId = $threadId
MATCH (u:User {id: $userId})
SET u.termLength = u.termLength - size([t IN split(coalesce(p.terms, ''), ' ') WHERE t <> '']) + size([t IN split(coalesce($terms, ''), ' ') WHERE t <> '']),
  u.conceptTermLength = u.conceptTermLength - size([t IN split(coalesce(p.conceptTerms, ''), ' ') WHERE t <> '']) + size([t IN split(coalesce($conceptTerms, ''), ' ') WHERE t <> ''])
SET p.messages = $messages, p.contentHash = $contentHash, p.text = $text, p.terms = $terms,
    p.conceptTerms = $conceptTerms, p.embedding = $vector, p.summary = $summary, p.error = $error
