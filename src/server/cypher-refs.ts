/** Most uids a console result names for its graph. */
export const MAX_RESULT_REFS = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The entities and facts a Cypher result names, for showing it as a graph: nodes and
 * relationships anywhere in its rows (an entity has `uid`, `key` and `name`; a fact `uid`,
 * `predicate` and `statement`; paths and lists are searched too), and bare values that are uids.
 * Which of them belong to a user is decided when the graph is fetched.
 */
export function resultRefs(rows: readonly Record<string, unknown>[]): { uids: string[]; truncated: boolean } {
  const uids = new Set<string>();
  let truncated = false;
  const visit = (value: unknown, depth: number): void => {
    if (uids.size >= MAX_RESULT_REFS) {
      truncated = true;
      return;
    }
    if (typeof value === 'string') {
      if (UUID.test(value)) uids.add(value);
      return;
    }
    if (value === null || typeof value !== 'object' || value instanceof Date || depth > 6) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    const uid = record.uid;
    const isEntity =
      typeof uid === 'string' && typeof record.name === 'string' && typeof record.key === 'string';
    const isFact =
      typeof uid === 'string' && typeof record.predicate === 'string' && typeof record.statement === 'string';
    if (isEntity || isFact) {
      uids.add(uid as string);
      return;
    }
    for (const inner of Object.values(record)) visit(inner, depth + 1);
  };
  for (const row of rows) visit(row, 0);
  return { uids: [...uids], truncated };
}
