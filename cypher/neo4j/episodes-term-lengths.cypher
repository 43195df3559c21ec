// How many terms and concept terms one user's turns hold in all, counted by walking them (a
// turn's terms are space-separated, src/store/episode-terms.ts): kept as the user's totals where
// they are missing (users written before the totals were kept; the migration at open), and read
// by a search while the migration has not run.
MATCH (u:User {id: $userId})
OPTIONAL MATCH (u)-[:HAS_EPISODE]->(p:Episode)
RETURN sum(size([t IN split(coalesce(p.terms, ''), ' ') WHERE t <> ''])) AS termLength,
  sum(size([t IN split(coalesce(p.conceptTerms, ''), ' ') WHERE t <> ''])) AS conceptTermLength
