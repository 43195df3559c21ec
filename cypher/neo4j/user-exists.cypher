MATCH (u:User {id: $userId}) RETURN u.id AS id
