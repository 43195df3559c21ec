// Removes up to $batch kgmem nodes (tests and `kgmem schema reset` repeat it until none is left);
// other data in the database is left alone.
MATCH (n)
WHERE n:User OR n:Entity OR n:EntityKey OR n:Episode OR n:Meta OR n:StoreItem
WITH n
LIMIT $batch
DETACH DELETE n
RETURN count(*) AS deleted
