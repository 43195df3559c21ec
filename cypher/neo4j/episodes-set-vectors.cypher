// Text and embedding of episodes (migration of episodes stored before episode search).
UNWIND $rows AS r
MATCH (p:Episode {uid: r.uid})
USING INDEX p:Episode(uid)
WHERE p.userId = $userId
SET p.text = r.text, p.embedding = r.vector
