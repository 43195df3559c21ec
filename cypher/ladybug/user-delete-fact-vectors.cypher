MATCH (u:User {id: $userId})
MATCH (u)-[:HAS_FACT_VECTOR]->(v:FactVector)
DETACH DELETE v
