// Items whose namespace path starts with a prefix ("" = all), in insertion order.
MATCH (i:StoreItem)
WHERE i.path STARTS WITH $prefix
RETURN i.id AS id, i.userId AS userId, i.path AS path, i.key AS key, i.value AS value, i.vectors AS vectors, i.createdAt AS createdAt, i.updatedAt AS updatedAt, i.seq AS seq
ORDER BY i.seq
