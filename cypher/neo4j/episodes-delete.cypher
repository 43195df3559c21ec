// Turns removed whole by a forget (nothing but what was forgotten was said in them).
UNWIND $uids AS episodeUid
MATCH (p:Episode {uid: episodeUid})
USING INDEX p:Episode(uid)
WHERE p.userId = $userId
DETACH DELETE p
