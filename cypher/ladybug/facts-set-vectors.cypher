// Statement embeddings of facts that had none (migration of facts stored before fact search,
// and `kgmem reembed`), or new ones for facts that had one.
MATCH (u:User {id: $userId})
UNWIND $rows AS r
MERGE (v:FactVector {id: r.id})
ON CREATE SET v.uid = r.uid, v.userId = $userId, v.vector = r.vector
ON MATCH SET v.vector = r.vector
MERGE (u)-[:HAS_FACT_VECTOR]->(v)
