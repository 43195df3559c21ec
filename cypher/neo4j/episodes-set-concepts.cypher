// The concepts of episodes stored before turns were indexed by concept.
UNWIND $rows AS r
MATCH (p:Episode {uid: r.uid})
WHERE p.userId = $userId
SET p.concepts = r.concepts
