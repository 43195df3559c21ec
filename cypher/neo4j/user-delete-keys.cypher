MATCH (:User {id: $userId})-[:OWNS]->(:Entity)<-[:KEY_OF]-(k:EntityKey)
DETACH DELETE k
