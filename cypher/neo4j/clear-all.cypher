// Removes every kgmem node (tests and `kgmem schema reset`); other data in the database is left alone.
MATCH (n)
WHERE n:User OR n:Entity OR n:EntityKey OR n:Episode OR n:Meta OR n:StoreItem
DETACH DELETE n
