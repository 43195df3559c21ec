// The uids of a user's facts that have a statement embedding (the rest are missing one).
MATCH (u:User {id: $userId})
MATCH (u)-[:HAS_FACT_VECTOR]->(v:FactVector)
RETURN v.uid AS uid
