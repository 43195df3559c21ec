// Statement embeddings of new facts, one FactVector node each, reached from the user; its id
// encodes the user and the fact's uid (a fact uid is unique within a user). Kept off the FACT
// relationship: LadybugDB rewrites a relationship's stored region, every property of it,
// whenever an edge is added next to it, so a large property on FACT made each checkpoint hold
// the edges of every entity a write touched in memory at once (a hub such as a genre with
// thousands of facts did not fit a 128 MiB pool). Appending nodes costs nothing like that.
MATCH (u:User {id: $userId})
UNWIND $rows AS r
CREATE (u)-[:HAS_FACT_VECTOR]->(:FactVector {id: r.id, uid: r.uid, userId: $userId, vector: r.vector})
