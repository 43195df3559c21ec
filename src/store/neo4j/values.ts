import neo4j from 'neo4j-driver';

/**
 * Converts values coming out of Neo4j to plain JavaScript at the boundary: temporal values to
 * `Date`, integers to `number` (the driver is also configured for native numbers), lists and
 * maps recursively.
 */
export function fromNeo4j(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (neo4j.isInt(value)) return (value as { toNumber(): number }).toNumber();
  if (neo4j.isDateTime(value) || neo4j.isDate(value) || neo4j.isLocalDateTime(value)) {
    return new Date((value as { toString(): string }).toString());
  }
  if (Array.isArray(value)) return value.map(fromNeo4j);
  if (typeof value === 'object') {
    const v = value as { properties?: unknown; labels?: unknown; type?: unknown };
    // Nodes and relationships (console results): their properties.
    if (v.properties && (v.labels || v.type)) return fromNeo4j(v.properties);
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, x]) => [k, fromNeo4j(x)]),
    );
  }
  return value;
}

// Parameters that Cypher needs as INTEGER (LIMIT, procedure arguments, counters). JavaScript
// numbers otherwise travel as FLOAT, which is what embeddings must be.
const INTEGER_PARAMS = new Set(['limit', 'k', 'candidates', 'timeoutSeconds', 'window']);
const INTEGER_ROW_FIELDS = new Set(['mentions']);

/** Converts query parameters for the driver: counts and limits become Neo4j integers. */
export function toNeo4jParams(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => {
      if (INTEGER_PARAMS.has(key) && typeof value === 'number' && Number.isInteger(value))
        return [key, neo4j.int(value)];
      if (key === 'rows' && Array.isArray(value)) {
        return [
          key,
          value.map((row) =>
            typeof row === 'object' && row !== null
              ? Object.fromEntries(
                  Object.entries(row).map(([field, v]) => [
                    field,
                    INTEGER_ROW_FIELDS.has(field) && typeof v === 'number' && Number.isInteger(v)
                      ? neo4j.int(v)
                      : v,
                  ]),
                )
              : row,
          ),
        ];
      }
      return [key, value];
    }),
  );
}

/** Console parameters: whole numbers given on the command line are integers. */
export function consoleParams(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === 'number' && Number.isInteger(value) ? neo4j.int(value) : value,
    ]),
  );
}
