/**
 * Plain-text tables for the terminal: columns sized to their widest cell (capped), values
 * rendered compactly (dates as ISO, lists joined, nodes and edges as JSON).
 */

const MAX_CELL = 60;

/** Renders one value as a short single-line string. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.replace(/\s+/g, ' ');
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'number') && value.length > 8) {
    return `[${value.slice(0, 4).join(', ')}, … ${value.length} values]`;
  }
  return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? String(v) : v));
}

function clip(text: string): string {
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

/** Formats rows as an aligned table with a header rule; `(no rows)` when empty. */
export function formatTable(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  if (columns.length === 0) return '(no rows)';
  const cells = rows.map((row) => columns.map((c) => clip(cellText(row[c]))));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (values: readonly string[]): string =>
    values
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const out = [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)];
  const clipped = rows.some((row) => columns.some((c) => cellText(row[c]).length > MAX_CELL));
  out.push(
    `(${rows.length} row${rows.length === 1 ? '' : 's'}${clipped ? `; values over ${MAX_CELL} characters are shortened with "…": --json (or :format json in the console) shows them whole` : ''})`,
  );
  return out.join('\n');
}

/** JSON with dates as ISO strings and bigints as numbers where safe. */
export function toJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_, v) => (typeof v === 'bigint' ? (Number.isSafeInteger(Number(v)) ? Number(v) : String(v)) : v),
    2,
  );
}
