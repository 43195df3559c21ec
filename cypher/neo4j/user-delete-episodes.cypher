// Every turn of a user (the user is being deleted): the user's totals of turn terms are 0.
MATCH (u:User {id: $userId})
SET u.termLength = 0, u.conceptTermLength = 0
WITH u
MATCH (u)-[:HAS_EPISODE]->(p:Episode)
DETACH DELETE p
