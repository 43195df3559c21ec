MATCH (i:StoreItem {userId: $userId})
DELETE i
