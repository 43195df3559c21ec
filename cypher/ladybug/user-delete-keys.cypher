MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(:Entity)<-[:KEY_OF]-(k:EntityKey)
DETACH DELETE k
