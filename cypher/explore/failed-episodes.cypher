// Question: which conversation turns failed extraction, and why (re-run them with kgmem reextract)?
// Parameters: $userId (string)
MATCH (:User {id: $userId})-[:HAS_EPISODE]->(p:Episode)
WHERE p.status <> 'extracted'
RETURN p.uid AS episode, p.threadId AS thread, p.at AS at, p.status AS status, p.error AS error
ORDER BY at
