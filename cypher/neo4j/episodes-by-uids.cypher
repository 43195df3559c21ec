UNWIND $uids AS id
MATCH (p:Episode {uid: id})
USING INDEX p:Episode(uid)
WHERE p.userId = $userId
RETURN p.uid AS uid, p.threadId AS threadId, p.messages AS messages, p.contentHash AS contentHash, p.summary AS summary, p.at.epochMillis AS at, p.status AS status, p.error AS error
