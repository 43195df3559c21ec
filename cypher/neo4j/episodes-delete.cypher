// Turns removed whole by a forget (nothing but what was forgotten was said in them), taken out of
// the user's totals of turn terms (see user-state).
MATCH (u:User {id: $userId})
UNWIND $uids AS episodeUid
MATCH (p:Episode {uid: episodeUid})
USING INDEX p:Episode(uid)
WHERE p.userId = $userId
SET u.termLength = u.termLength - size([t IN split(coalesce(p.terms, ''), ' ') WHERE t <> '']),
  u.conceptTermLength = u.conceptTermLength - size([t IN split(coalesce(p.conceptTerms, ''), ' ') WHERE t <> ''])
DETACH DELETE p
