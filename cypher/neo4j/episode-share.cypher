// How many turns the vector index holds in all and how many of them are this user's: the user's
// share decides between exact search and the index (and how far to over-fetch). A user
// HAS_EPISODE its turns only, so the count is the node's degree (no traversal).
MATCH (p:Episode)
WITH count(p) AS total
OPTIONAL MATCH (u:User {id: $userId})
RETURN total, CASE WHEN u IS NULL THEN 0 ELSE COUNT { (u)-[:HAS_EPISODE]->() } END AS own
