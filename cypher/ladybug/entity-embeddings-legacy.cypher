// Entity embeddings of a database from before they were stored as text (the FLOAT[] column
// `embedding`), read once on open to move them into `vector`.
MATCH (e:Entity)
WHERE e.embedding IS NOT NULL
RETURN e.uid AS uid, e.userId AS userId, e.embedding AS embedding
