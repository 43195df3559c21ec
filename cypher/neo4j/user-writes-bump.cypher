// Counts a write of the user (see user-lock) in the write's own transaction, so every reader's
// copies of the user know they are stale; returns the new count and the database's epoch. No row: no such user (deleted).
MATCH (u:User {id: $userId})
SET u.writes = coalesce(u.writes, 0) + 1
WITH u
OPTIONAL MATCH (m:Meta {key: 'generation'})
RETURN u.writes AS writes, coalesce(m.value, '') AS epoch
