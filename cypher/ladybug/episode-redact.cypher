// A turn kept with fewer words after a forget: its messages, text and embedding made again from
// what is left (the thread and time stay).
MATCH (p:Episode {uid: $uid})
WHERE p.userId = $userId AND p.threadId = $threadId
SET p.messages = $messages, p.contentHash = $contentHash, p.text = $text, p.vector = $vector,
    p.summary = $summary, p.error = $error
