UNWIND $ids AS itemId
MATCH (i:StoreItem {id: itemId})
DELETE i
