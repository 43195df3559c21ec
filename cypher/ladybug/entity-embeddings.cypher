// Every embedding of one user, to build the in-process exact-cosine index.
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(e:Entity)
WHERE e.vector <> ''
RETURN e.uid AS uid, e.vector AS vector
