// Question: how are two entities connected (shortest chain of facts, either direction)?
// Parameters: $userId (string), $from (entity name), $to (entity name)
MATCH (u:User {id: $userId})
MATCH (u)-[:OWNS]->(a:Entity)
WHERE lower(a.name) = lower($from)
MATCH (u)-[:OWNS]->(b:Entity)
WHERE lower(b.name) = lower($to)
MATCH p = (a)-[:FACT* SHORTEST 1..6]-(b)
RETURN properties(nodes(p), 'name') AS entities, properties(rels(p), 'statement') AS facts, length(p) AS hops
