// Question: how big is each user's memory?
// Parameters: none
MATCH (u:User)
OPTIONAL MATCH (u)-[:OWNS]->(e:Entity)
WITH u, count(e) AS entities
OPTIONAL MATCH (u)-[:HAS_EPISODE]->(p:Episode)
RETURN u.id AS user, entities, count(p) AS episodes
ORDER BY entities DESC
