// The statement embeddings of facts that are deleted (by id: a key lookup each).
UNWIND $ids AS id
MATCH (v:FactVector {id: id})
WHERE v.userId = $userId
DETACH DELETE v
