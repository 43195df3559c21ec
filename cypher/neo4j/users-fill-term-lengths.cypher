// Gives a user written before the totals of turn terms were kept (see user-state) those totals,
// counted by walking the user's turns; a user that has them is left as it is.
MATCH (u:User {id: $userId})
WHERE u.termLength IS NULL OR u.conceptTermLength IS NULL
OPTIONAL MATCH (u)-[:HAS_EPISODE]->(p:Episode)
WITH u, sum(size([t IN split(coalesce(p.terms, ''), ' ') WHERE t <> ''])) AS termLength, sum(size([t IN split(coalesce(p.conceptTerms, ''), ' ') WHERE t <> ''])) AS conceptTermLength
SET u.termLength = termLength, u.conceptTermLength = conceptTermLength
