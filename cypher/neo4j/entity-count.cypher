// Size of a user's memory, to pick exact or indexed similarity search.
MATCH (u:User {id: $userId})-[:OWNS]->(e:Entity)
RETURN count(e) AS entities
