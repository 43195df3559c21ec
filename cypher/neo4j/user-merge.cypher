// The user, created when new with no turns (their terms' total lengths 0, see user-state).
MERGE (u:User {id: $userId}) ON CREATE SET u.createdAt = $at, u.termLength = 0, u.conceptTermLength = 0
