// Question: which relations does this user's memory use, and how often (current vs closed)?
// Parameters: $userId (string)
MATCH (:User {id: $userId})-[:OWNS]->(:Entity)-[f:FACT]->(:Entity)
RETURN f.key AS predicate, count(f) AS facts, sum(CASE WHEN f.validTo IS NULL THEN 1 ELSE 0 END) AS current
ORDER BY facts DESC
