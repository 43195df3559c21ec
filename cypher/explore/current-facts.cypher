// Question: what does kgmem currently believe about this user?
// Parameters: $userId (string)
MATCH (:User {id: $userId})-[:OWNS]->(s:Entity)-[f:FACT]->(o:Entity)
WHERE f.validTo IS NULL
RETURN s.name AS subject, f.predicate AS predicate, o.name AS object, f.validFrom AS since, f.mentions AS mentions
ORDER BY since DESC
LIMIT 200
