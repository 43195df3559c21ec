MATCH (:Entity)-[f:FACT {uid: $uid}]->(:Entity)
WHERE f.userId = $userId
DELETE f
RETURN count(*) AS deleted
