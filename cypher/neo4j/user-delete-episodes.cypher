MATCH (:User {id: $userId})-[:HAS_EPISODE]->(p:Episode)
DETACH DELETE p
