import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alignTables } from '../../bench/page/align.js';
import type { RunContext } from '../../bench/page/machine.js';
import { measuredBlock, type PageBlock, parsePage, renderPage, updatePage } from '../../bench/page/page.js';
import { PAGE_SECTIONS, type PageSection } from '../../bench/page/sections.js';
import { tempDir } from '../helpers/temp-dir.js';

const run: RunContext = {
  when: '2026-11-28 12:00 UTC',
  machine: '2 cores (Test CPU), 24 GiB, Debian GNU/Linux 12 (bookworm), Node v20.0.0',
  commit: 'abc1234',
  settings: ['BENCH_MIXED_SECONDS=60'],
};
const section = (id: string) => PAGE_SECTIONS.find((s) => s.id === id) as PageSection;
const table = '### Title\n\n| name | n |\n| --- | ---: |\n| a | 1 |\n| longer | 22 |';

describe('the benchmark page', () => {
  it('pads a table so its columns line up, numbers to the right, and leaves other lines alone', () => {
    expect(alignTables(`Intro | not a table\n\n${table}\n\nAfter.`)).toBe(
      [
        'Intro | not a table',
        '',
        '### Title',
        '',
        '| name   |   n |',
        '| ------ | --: |',
        '| a      |   1 |',
        '| longer |  22 |',
        '',
        'After.',
      ].join('\n'),
    );
    expect(alignTables(alignTables(table))).toBe(alignTables(table));
  });

  it('stamps a measured section with when, commit, machine, command and settings', () => {
    const block = measuredBlock(section('locomo'), run, table, 12.4);
    expect(block.body.split('\n')[0]).toBe(
      '_Measured 2026-11-28 12:00 UTC on commit abc1234; 2 cores (Test CPU), 24 GiB, Debian GNU/Linux 12 (bookworm), Node v20.0.0; `BENCH_ONLY=locomo npm run bench` with `BENCH_MIXED_SECONDS=60`; 12 s._',
    );
    expect(block.measured).toBe(run.when);
  });

  it('reads back what it writes, in page order, with the contents naming when each section ran', () => {
    const blocks = new Map<string, PageBlock>([
      ['users', measuredBlock(section('users'), run, table, 1)],
      ['locomo', measuredBlock(section('locomo'), run, 'Only words.', 1)],
    ]);
    const page = renderPage(blocks);
    expect(page.indexOf('## LoCoMo')).toBeLessThan(page.indexOf('## Many users'));
    expect(page).toMatch(
      /\| \[Many users in one process\]\(#many-users-in-one-process\) +\| .* \| 2026-11-28 12:00 UTC \|/,
    );
    expect(page).toMatch(/\| \[Viewer\]\(#viewer\) +\| .* \| not yet +\|/);
    expect([...parsePage(page).values()]).toEqual([...blocks.values()].reverse());
  });

  it('refuses a page whose section was edited by hand, or with text outside the sections', () => {
    const page = renderPage(new Map([['locomo', measuredBlock(section('locomo'), run, table, 1)]]));
    expect(() => parsePage(page.replace('| longer |  22 |', '| longer |  23 |'))).toThrow(
      /Section "locomo" of the benchmark page was edited by hand.*BENCH_ONLY=locomo npm run bench/,
    );
    for (const edited of [
      page.replace('<!-- bench:locomo', 'A note by hand.\n\n<!-- bench:locomo'),
      page.replace('## LoCoMo: evidence turns against BM25', '## LoCoMo, better than ever'),
    ])
      expect(() => parsePage(edited)).toThrow(/text outside the sections the bench writes/);
    expect(() => parsePage(page.replace('<!-- /bench:locomo -->', ''))).toThrow(/never closes it/);
  });

  it('replaces the sections measured now and keeps the others as they stood', () => {
    const dir = tempDir();
    try {
      const file = join(dir.path, 'benchmarks.md');
      updatePage(file, [
        measuredBlock(section('locomo'), run, 'LoCoMo, first run.', 1),
        measuredBlock(section('users'), run, 'Users, first run.', 1),
      ]);
      const later = { ...run, when: '2026-11-29 08:00 UTC' };
      updatePage(file, [measuredBlock(section('locomo'), later, 'LoCoMo, second run.', 1)]);
      const blocks = parsePage(readFileSync(file, 'utf8'));
      expect(blocks.get('locomo')?.body).toContain('LoCoMo, second run.');
      expect(blocks.get('locomo')?.measured).toBe('2026-11-29 08:00 UTC');
      expect(blocks.get('users')?.body).toContain('Users, first run.');
      writeFileSync(file, readFileSync(file, 'utf8').replace('Users, first', 'Users, better'));
      expect(() => updatePage(file, [])).toThrow(/"users" .* edited by hand/);
    } finally {
      dir.remove();
    }
  });

  it('is docs/benchmarks.md as the bench wrote it, with every section', () => {
    const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'benchmarks.md'), 'utf8');
    const blocks = parsePage(page);
    expect([...blocks.keys()].sort()).toEqual(PAGE_SECTIONS.map((s) => s.id).sort());
    for (const block of blocks.values()) expect(block.body).toMatch(/^_(Measured|Carried over) /);
  });
});
