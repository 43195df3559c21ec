// Takes the user's write lock for the rest of the transaction, creating the user when new: a
// write plans (its reads) and applies under this lock, so writes of one user from any number of
// processes or cluster members happen one after another and each plans from the one before.
// `writes` counts them (returned, with the database's epoch: the user's generation after this
// write); a reader's copies of the user are good while both are unchanged (see user-generation).
MERGE (u:User {id: $userId})
ON CREATE SET u.createdAt = $at, u.termLength = 0, u.conceptTermLength = 0
SET u.writeLock = true, u.writes = coalesce(u.writes, 0) + 1
REMOVE u.writeLock
WITH u
OPTIONAL MATCH (m:Meta {key: 'generation'})
RETURN u.writes AS writes, coalesce(m.value, '') AS epoch
