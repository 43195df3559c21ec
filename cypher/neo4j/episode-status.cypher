MATCH (p:Episode {uid: $uid})
WHERE p.userId = $userId
SET p.status = $status, p.error = $error, p.summary = CASE WHEN $summary = '' THEN p.summary ELSE $summary END
