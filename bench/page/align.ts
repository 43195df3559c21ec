/** The cells of one Markdown table row, split on pipes that are not escaped. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

const isRule = (cell: string) => /^:?-+:?$/.test(cell);

/** One table with its columns padded to a common width (numbers right, text left, as the rule says). */
function alignTable(lines: readonly string[]): string[] {
  const rows = lines.map(cells);
  const rule = rows[1] ?? [];
  const width = (column: number) =>
    Math.max(3, ...rows.map((row, r) => (r === 1 ? 3 : (row[column] ?? '').length)));
  const columns = Math.max(...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, c) => width(c));
  const right = Array.from({ length: columns }, (_, c) => (rule[c] ?? '').endsWith(':'));
  return rows.map((row, r) => {
    const padded = widths.map((w, c) => {
      const cell = row[c] ?? '';
      if (r === 1) return right[c] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w);
      return right[c] ? cell.padStart(w) : cell.padEnd(w);
    });
    return `| ${padded.join(' | ')} |`;
  });
}

/**
 * Pads every Markdown table in `markdown` so its columns line up in the raw text too. A run of
 * lines starting with `|` whose second line is a rule (`---`, `---:`) is a table.
 */
export function alignTables(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let end = i;
    while (end < lines.length && (lines[end] ?? '').trimStart().startsWith('|')) end++;
    const block = lines.slice(i, end);
    if (block.length >= 2 && cells(block[1] ?? '').every(isRule)) {
      out.push(...alignTable(block));
      i = end;
    } else {
      out.push(lines[i] ?? '');
      i++;
    }
  }
  return out.join('\n');
}
