MERGE (u:User {id: $userId}) ON CREATE SET u.createdAt = datetime($at)
