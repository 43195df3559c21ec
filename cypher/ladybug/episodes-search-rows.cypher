// One user's episode texts and embeddings, to build the in-process full-text and vector indexes.
MATCH (u:User {id: $userId})
MATCH (u)-[:HAS_EPISODE]->(p:Episode)
RETURN p.uid AS uid, p.text AS text, p.vector AS vector
