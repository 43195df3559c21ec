// LangGraph store items (KgmemStore) written or replaced: value and vectors change, createdAt
// and the insertion sequence stay.
UNWIND $rows AS r
WITH r.id AS itemId, r.userId AS itemUser, r.path AS itemPath, r.key AS itemKey, r.value AS itemValue, r.vectors AS itemVectors, r.seq AS itemSeq
MERGE (i:StoreItem {id: itemId})
ON CREATE SET i.createdAt = timestamp($at), i.seq = itemSeq
SET i.userId = itemUser, i.path = itemPath, i.key = itemKey, i.value = itemValue, i.vectors = itemVectors, i.updatedAt = timestamp($at)
