MATCH (u:User {id: $userId})
DETACH DELETE u
RETURN count(*) AS deleted
