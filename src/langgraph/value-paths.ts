/**
 * The texts at an index path of a stored value, as LangGraph's stores read them (`index.fields`
 * and a put's `index`): `"$"` is the whole value; a path is dot-separated field names, where a
 * name may be followed by `[n]` (an element; negative counts from the end) or `[*]` (every
 * element), `*` is every field or element, and `{a, b.c}` several fields at once. A string,
 * number or boolean gives its text; a list or an object its JSON (two-space indented); a path
 * that is not there gives nothing.
 */
export function textsAtPath(value: unknown, path: string): string[] {
  if (path === '' || path === '$') return [asText(value)].filter((t): t is string => t !== undefined);
  return walk(value, pathTokens(path));
}

/** A path's steps: field names, `[n]` / `[*]` selectors and `{…}` field sets, in order. */
export function pathTokens(path: string): string[] {
  const tokens: string[] = [];
  let name = '';
  const flush = () => {
    if (name) tokens.push(name);
    name = '';
  };
  for (let i = 0; i < path.length; i++) {
    const char = path[i] as string;
    const close = char === '[' ? ']' : char === '{' ? '}' : undefined;
    if (close) {
      flush();
      const end = path.indexOf(close, i);
      const stop = end === -1 ? path.length : end + 1;
      tokens.push(path.slice(i, stop));
      i = stop - 1;
    } else if (char === '.') flush();
    else name += char;
  }
  flush();
  return tokens;
}

function walk(value: unknown, tokens: readonly string[]): string[] {
  const [token, ...rest] = tokens;
  if (token === undefined) return [asText(value)].filter((t): t is string => t !== undefined);
  if (token.startsWith('[')) {
    if (!Array.isArray(value)) return [];
    const inner = token.slice(1, -1);
    if (inner === '*') return value.flatMap((item) => walk(item, rest));
    const at = Number.parseInt(inner, 10);
    if (Number.isNaN(at)) return [];
    const item = value[at < 0 ? value.length + at : at];
    return item === undefined ? [] : walk(item, rest);
  }
  if (token.startsWith('{')) {
    if (!isObject(value)) return [];
    return token
      .slice(1, -1)
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean)
      .flatMap((field) => walk(value, pathTokens(field)).slice(0, 1));
  }
  if (token === '*') {
    const items = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
    return items.flatMap((item) => walk(item, rest));
  }
  return isObject(value) && Object.hasOwn(value, token) ? walk(value[token], rest) : [];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (value === null || value === undefined) return undefined;
  return typeof value === 'object' ? JSON.stringify(value, null, 2) : undefined;
}
