UNWIND $ids AS itemId
MATCH (i:StoreItem {id: itemId})
USING INDEX i:StoreItem(id)
RETURN i.id AS id, i.userId AS userId, i.path AS path, i.key AS key, i.value AS value, i.vectors AS vectors, i.createdAt AS createdAt, i.updatedAt AS updatedAt, i.seq AS seq
