MATCH (u:User {id: $userId})
MATCH (u)-[:HAS_EPISODE]->(p:Episode)
DETACH DELETE p
