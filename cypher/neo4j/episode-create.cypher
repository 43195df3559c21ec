// A conversation turn, stored before extraction so nothing said is lost if extraction fails.
MATCH (u:User {id: $userId})
CREATE (u)-[:HAS_EPISODE]->(:Episode {uid: $uid, userId: $userId, userKey: $userKey, threadId: $threadId, messages: $messages, contentHash: $contentHash, summary: '', at: $at, status: 'pending', error: '', text: $text, terms: $terms, conceptTerms: $conceptTerms, embedding: $vector})
