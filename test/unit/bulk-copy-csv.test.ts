import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { plain, text, writeCsv } from '../../src/store/ladybug/bulk-copy.js';
import { tempDir } from '../helpers/temp-dir.js';

const dirs: { remove: () => void }[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

describe('COPY FROM files', () => {
  it('writes every row once, in order, across write chunks, quoting only free text that needs it', () => {
    const dir = tempDir('kgmem-csv-');
    dirs.push(dir);
    const file = join(dir.path, 'rows.csv');
    // More rows than one write chunk holds, so the chunk boundaries are crossed twice.
    const items = Array.from({ length: 25_003 }, (_, i) => i);
    const odd = ['a, b', 'say "hi"', 'two\nlines', ' edge ', 'plain'];
    writeCsv(file, items, [
      plain((i) => `id${i}`),
      text((i) => odd[i % odd.length] ?? ''),
      plain((i) => String(i * 2)),
    ]);
    const written = readFileSync(file, 'utf8');
    const expected = items
      .map((i) => {
        const value = odd[i % odd.length] ?? '';
        const quoted = value === 'plain' ? value : `"${value.replace(/"/g, '""')}"`;
        return `id${i},${quoted},${i * 2}\n`;
      })
      .join('');
    expect(written).toBe(expected);
  });

  it('writes an empty file for no rows', () => {
    const dir = tempDir('kgmem-csv-');
    dirs.push(dir);
    const file = join(dir.path, 'none.csv');
    writeCsv(file, [], [plain((i: number) => String(i))]);
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});
