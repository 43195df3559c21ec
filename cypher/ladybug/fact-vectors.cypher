// One user's fact embeddings, to build the in-process exact-cosine index of fact statements.
MATCH (u:User {id: $userId})
MATCH (u)-[:HAS_FACT_VECTOR]->(v:FactVector)
WHERE v.vector <> ''
RETURN v.uid AS uid, v.vector AS vector
