// Remove one fact of one user. The user's write count moves with it (see user-lock), so what
// other processes keep of the user (its vocabulary, its fact count) is read again.
MATCH (:Entity)-[f:FACT {uid: $uid}]->(:Entity)
USING INDEX f:FACT(uid)
WHERE f.userId = $userId
WITH collect(f) AS found
OPTIONAL MATCH (u:User {id: $userId})
FOREACH (fact IN found | DELETE fact)
FOREACH (user IN CASE WHEN u IS NULL OR size(found) = 0 THEN [] ELSE [u] END |
  SET user.writes = coalesce(user.writes, 0) + 1)
RETURN size(found) AS deleted
