// The entities an episode already mentions, read from the episode's own edges: the join hint
// keeps the planner from matching every MENTIONS edge of the database against the episode (its
// memory and time grew with all users' turns; at ~2,000 users it no longer fit a 128 MiB pool).
MATCH (p:Episode {uid: $episodeUid})-[m:MENTIONS]->(e:Entity)
WHERE p.userId = $userId
HINT (p JOIN m) JOIN e
RETURN e.uid AS uid
