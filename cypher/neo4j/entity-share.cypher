// How many entities the vector index holds in all and how many of them are this user's: the
// user's share decides between exact search and the index (and how far to over-fetch). A user
// OWNS entities only, so the count is the node's degree (no traversal).
MATCH (e:Entity)
WITH count(e) AS total
OPTIONAL MATCH (u:User {id: $userId})
RETURN total, CASE WHEN u IS NULL THEN 0 ELSE COUNT { (u)-[:OWNS]->() } END AS own
