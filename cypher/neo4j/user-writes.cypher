// How many writes a user has had (see user-lock): what a cached vocabulary of the user is checked against.
MATCH (u:User {id: $userId})
RETURN u.writes AS writes
