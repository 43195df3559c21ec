// The search terms and concept terms of episodes stored before turns kept them.
UNWIND $rows AS r
MATCH (p:Episode {uid: r.uid})
USING INDEX p:Episode(uid)
WHERE p.userId = $userId
SET p.terms = r.terms, p.conceptTerms = r.conceptTerms
