// Question: which facts were contradicted, when, by which conversation, and what replaced them?
// Parameters: $userId (string)
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(s:Entity)-[old:FACT]->(:Entity)
WHERE old.validTo IS NOT NULL
OPTIONAL MATCH (u)-[:OWNS]->(:Entity)-[new:FACT]->(:Entity)
WHERE new.uid = old.supersededBy
RETURN old.statement AS was, old.validFrom AS since, old.validTo AS until, old.invalidatedBy AS closedBy, new.statement AS replacedBy
ORDER BY until DESC
