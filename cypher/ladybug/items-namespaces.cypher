MATCH (i:StoreItem)
RETURN DISTINCT i.path AS path
