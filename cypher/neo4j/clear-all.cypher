// Removes every kgmem node and fact (tests and `kgmem schema reset`); other data in the database
// is left alone. The server deletes in transactions of its own as it goes, so a database of any
// size fits its transaction memory: facts first (they carry vectors), then the nodes.
MATCH ()-[f:FACT]->()
CALL (f) {
  DELETE f
} IN TRANSACTIONS OF 5000 ROWS;
MATCH (n)
WHERE n:User OR n:Entity OR n:EntityKey OR n:Episode OR n:Meta OR n:StoreItem
CALL (n) {
  DETACH DELETE n
} IN TRANSACTIONS OF 5000 ROWS
