// Question: what did one conversation turn (episode) add or confirm?
// Parameters: $userId (string), $episodeUid (string)
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(s:Entity)-[f:FACT]->(o:Entity)
WHERE list_contains(f.episodeIds, $episodeUid)
RETURN f.statement AS fact, f.validFrom AS validFrom, f.validTo AS validTo
ORDER BY validFrom
