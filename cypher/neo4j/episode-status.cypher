MATCH (p:Episode {uid: $uid})
USING INDEX p:Episode(uid)
WHERE p.userId = $userId
SET p.status = $status, p.error = $error, p.summary = CASE WHEN $summary = '' THEN p.summary ELSE $summary END
