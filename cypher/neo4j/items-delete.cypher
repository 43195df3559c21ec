UNWIND $ids AS itemId
MATCH (i:StoreItem {id: itemId})
USING INDEX i:StoreItem(id)
DELETE i
