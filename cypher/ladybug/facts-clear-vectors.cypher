// Forgets the embeddings of a user's fact statements, to embed them again with another embedder (`kgmem reembed`).
MATCH (u:User {id: $userId})
MATCH (u)-[:HAS_FACT_VECTOR]->(v:FactVector)
DETACH DELETE v
