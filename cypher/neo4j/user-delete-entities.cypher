MATCH (:User {id: $userId})-[:OWNS]->(e:Entity)
DETACH DELETE e
