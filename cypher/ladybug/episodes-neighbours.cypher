// For each given episode, the turns just before and after it in its thread ($window each side).
// LadybugDB orders a WITH only under a LIMIT (the largest it takes: no limit), and its list
// slices are 1-based with both ends included.
UNWIND $uids AS id
MATCH (p:Episode {uid: id})
WHERE p.userId = $userId
MATCH (:User {id: $userId})-[:HAS_EPISODE]->(q:Episode)
WHERE q.threadId = p.threadId AND q.uid <> p.uid
WITH p, q
ORDER BY q.at, q.uid
LIMIT 9223372036854775807
WITH p, collect(q.uid) AS turns, count(CASE WHEN q.at < p.at THEN 1 END) AS before
RETURN p.uid AS uid,
       list_concat(
         list_slice(turns, CASE WHEN before > $window THEN before - $window + 1 ELSE 1 END, before),
         list_slice(turns, before + 1, before + $window)
       ) AS neighbours
