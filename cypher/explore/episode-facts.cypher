// Question: what did one conversation turn (episode) add or confirm?
// Parameters: $userId (string), $episodeUid (string)
MATCH (:User {id: $userId})-[:OWNS]->(s:Entity)-[f:FACT]->(o:Entity)
WHERE $episodeUid IN f.episodeIds
RETURN f.statement AS fact, f.validFrom AS validFrom, f.validTo AS validTo
ORDER BY validFrom
