MATCH (u:User) RETURN u.id AS id ORDER BY id
