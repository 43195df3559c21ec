MATCH (u:User {id: $userId})
OPTIONAL MATCH (u)-[:OWNS]->(e:Entity)
OPTIONAL MATCH (e)-[f:FACT]->(:Entity)
RETURN count(DISTINCT e) AS entities, count(f) AS facts, count(CASE WHEN f.validTo IS NULL THEN f END) AS currentFacts
