// A turn kept with fewer words after a forget: its messages, text, search terms and embedding
// made again from what is left (the thread and time stay).
MATCH (p:Episode {uid: $uid})
USING INDEX p:Episode(uid)
WHERE p.userId = $userId AND p.threadId = $threadId
SET p.messages = $messages, p.contentHash = $contentHash, p.text = $text, p.terms = $terms,
    p.conceptTerms = $conceptTerms, p.embedding = $vector, p.summary = $summary, p.error = $error
