// Wait until the schema's indexes are online (vector and full-text indexes populate in the background).
CALL db.awaitIndexes($timeoutSeconds)
