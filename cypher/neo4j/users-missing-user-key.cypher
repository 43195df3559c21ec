// Users with entities or episodes written before the per-user key of the full-text indexes.
MATCH (u:User)
WHERE EXISTS { (u)-[:OWNS]->(e:Entity) WHERE e.userKey IS NULL } OR EXISTS { (u)-[:HAS_EPISODE]->(p:Episode) WHERE p.userKey IS NULL }
RETURN u.id AS id
