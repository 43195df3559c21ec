// Question: which facts were contradicted, when, and what replaced them?
// Parameters: $userId (string)
MATCH (:User {id: $userId})-[:OWNS]->(:Entity)-[old:FACT]->(:Entity)
WHERE old.validTo IS NOT NULL
OPTIONAL MATCH (:Entity)-[new:FACT {uid: old.invalidatedBy}]->(:Entity)
RETURN old.statement AS was, old.validFrom AS from, old.validTo AS until, new.statement AS replacedBy
ORDER BY until DESC
