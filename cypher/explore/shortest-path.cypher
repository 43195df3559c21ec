// Question: how are two entities connected (shortest chain of current facts, either direction)?
// Parameters: $userId (string), $from (entity name), $to (entity name)
MATCH (a:Entity {userId: $userId})
WHERE toLower(a.name) = toLower($from)
MATCH (b:Entity {userId: $userId})
WHERE toLower(b.name) = toLower($to)
MATCH p = shortestPath((a)-[:FACT*..6]-(b))
WHERE all(f IN relationships(p) WHERE f.validTo IS NULL)
RETURN [n IN nodes(p) | n.name] AS entities, [f IN relationships(p) | f.statement] AS facts, length(p) AS hops
