/** Renders rows as a Markdown table (columns from the first row). */
export function markdownTable(rows: readonly Record<string, string | number>[]): string {
  if (rows.length === 0) return '(no rows)';
  const columns = Object.keys(rows[0] as object);
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    line(columns),
    line(columns.map((_, i) => (i === 0 ? '---' : '---:'))),
    ...rows.map((row) => line(columns.map((c) => row[c] ?? ''))),
  ].join('\n');
}
