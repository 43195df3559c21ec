// Text and embedding of episodes (migration of episodes stored before episode search).
// (Fields projected with WITH first; see facts-from.cypher.)
UNWIND $rows AS r
WITH r.uid AS episodeUid, r.text AS text, r.vector AS vector
MATCH (p:Episode {uid: episodeUid})
WHERE p.userId = $userId
SET p.text = text, p.vector = vector
