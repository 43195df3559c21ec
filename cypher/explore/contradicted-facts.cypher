// Question: which facts were contradicted, when, by which conversation, and what replaced them?
// Parameters: $userId (string)
MATCH (:User {id: $userId})-[:OWNS]->(:Entity)-[old:FACT]->(:Entity)
WHERE old.validTo IS NOT NULL
OPTIONAL MATCH (:Entity)-[new:FACT {uid: old.supersededBy}]->(:Entity)
RETURN old.statement AS was, old.validFrom AS from, old.validTo AS until, old.invalidatedBy AS closedBy, new.statement AS replacedBy
ORDER BY until DESC
