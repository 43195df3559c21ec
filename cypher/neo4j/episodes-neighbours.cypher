// For each given episode, the turns just before and after it in its thread ($window each side).
UNWIND $uids AS id
MATCH (p:Episode {uid: id})
USING INDEX p:Episode(uid)
WHERE p.userId = $userId
MATCH (:User {id: $userId})-[:HAS_EPISODE]->(q:Episode)
WHERE q.threadId = p.threadId AND q.uid <> p.uid
WITH p, q
ORDER BY q.at
WITH p, collect(q) AS turns
WITH p, [x IN turns WHERE x.at < p.at] AS before, [x IN turns WHERE x.at > p.at] AS after
RETURN p.uid AS uid, [x IN before[-$window..] + after[..$window] | x.uid] AS neighbours
