MATCH (i:StoreItem)
RETURN max(i.seq) AS seq
