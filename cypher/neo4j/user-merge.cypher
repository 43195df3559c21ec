MERGE (u:User {id: $userId}) ON CREATE SET u.createdAt = $at
