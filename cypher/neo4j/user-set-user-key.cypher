// Gives a user's entities and episodes the user's full-text key (migration of older data).
MATCH (u:User {id: $userId})
CALL (u) {
  MATCH (u)-[:OWNS]->(e:Entity)
  WHERE e.userKey IS NULL
  SET e.userKey = $userKey
}
CALL (u) {
  MATCH (u)-[:HAS_EPISODE]->(p:Episode)
  WHERE p.userKey IS NULL
  SET p.userKey = $userKey
}
RETURN u.id AS id
