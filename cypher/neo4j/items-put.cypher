// LangGraph store items (KgmemStore) written or replaced: value and vectors change, createdAt
// and the insertion sequence stay.
UNWIND $rows AS r
MERGE (i:StoreItem {id: r.id})
ON CREATE SET i.createdAt = $at, i.seq = r.seq
SET i.userId = r.userId, i.path = r.path, i.key = r.key, i.value = r.value, i.vectors = r.vectors, i.updatedAt = $at
