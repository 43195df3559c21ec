MATCH (u:User {id: $userId})
OPTIONAL MATCH (u)-[:OWNS]->(e:Entity)
OPTIONAL MATCH (e)-[f:FACT]->(:Entity)
RETURN count(DISTINCT e) AS entities, count(f.uid) AS facts, count(CASE WHEN f.validTo IS NULL THEN f.uid ELSE NULL END) AS currentFacts
