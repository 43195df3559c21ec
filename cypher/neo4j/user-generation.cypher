// A user's write generation: the database-wide epoch (advanced by a hand-written write, which may
// touch anyone) and the user's write count (advanced by every write of the user). No row: no
// such user.
MATCH (u:User {id: $userId})
OPTIONAL MATCH (m:Meta {key: 'generation'})
RETURN coalesce(m.value, '') AS epoch, coalesce(u.writes, 0) AS writes
