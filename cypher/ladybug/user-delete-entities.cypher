MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(e:Entity)
DETACH DELETE e
