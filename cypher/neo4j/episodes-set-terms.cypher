// The search terms and concept terms of episodes stored before turns kept them, the user's
// totals of turn terms (see user-state) moved by the difference.
MATCH (u:User {id: $userId})
UNWIND $rows AS r
MATCH (p:Episode {uid: r.uid})
USING INDEX p:Episode(uid)
WHERE p.userId = $userId
SET u.termLength = u.termLength - size([t IN split(coalesce(p.terms, ''), ' ') WHERE t <> '']) + size([t IN split(coalesce(r.terms, ''), ' ') WHERE t <> '']),
  u.conceptTermLength = u.conceptTermLength - size([t IN split(coalesce(p.conceptTerms, ''), ' ') WHERE t <> '']) + size([t IN split(coalesce(r.conceptTerms, ''), ' ') WHERE t <> ''])
SET p.terms = r.terms, p.conceptTerms = r.conceptTerms
