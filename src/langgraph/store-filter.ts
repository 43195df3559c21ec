/** Filters of `store.search(prefix, {filter})`, with the same operators as LangGraph's stores. */

const OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).every((key) => OPERATORS.has(key))
  );
}

function matchesOne(actual: unknown, expected: unknown): boolean {
  if (!isOperatorObject(expected)) return actual === expected;
  return Object.entries(expected).every(([operator, value]) => {
    switch (operator) {
      case '$eq':
        return actual === value;
      case '$ne':
        return actual !== value;
      case '$gt':
        return Number(actual) > Number(value);
      case '$gte':
        return Number(actual) >= Number(value);
      case '$lt':
        return Number(actual) < Number(value);
      case '$lte':
        return Number(actual) <= Number(value);
      case '$in':
        return Array.isArray(value) && value.includes(actual);
      case '$nin':
        return !Array.isArray(value) || !value.includes(actual);
      default:
        return false;
    }
  });
}

/** Whether an item's value passes every `{field: value | {$op: value}}` condition of a filter. */
export function matchesFilter(
  value: Record<string, unknown>,
  filter: Record<string, unknown> | undefined,
): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([field, expected]) => matchesOne(value[field], expected));
}
