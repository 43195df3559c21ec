import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { alignTables } from './align.js';
import type { RunContext } from './machine.js';
import { PAGE_SECTIONS, type PageSection } from './sections.js';

/** One section as it stands on the page: when it was measured and what the bench printed. */
export interface PageBlock {
  /** The section's id (see {@link PAGE_SECTIONS}). */
  id: string;
  /** When it was measured, as its stamp gives it. */
  measured: string;
  /** The block's text between its markers: stamp line and the bench's output. */
  body: string;
}

/** The first line of the page. */
const HEAD = '# Benchmarks';
const OPEN = /^<!-- bench:([a-z-]+) measured="([^"]*)" sha256="([0-9a-f]{16})" -->$/;

/** The hash a block's marker carries: a hand edit of the block no longer matches it. */
export function blockHash(body: string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 16);
}

/** The stamp line at the head of a section measured in `run` by `command`, taking `seconds`. */
export function stampLine(run: RunContext, command: string, seconds: number): string {
  const settings = run.settings.length > 0 ? run.settings.map((s) => `\`${s}\``).join(', ') : 'defaults';
  return `_Measured ${run.when} on commit ${run.commit}; ${run.machine}; \`${command}\` with ${settings}; ${Math.round(seconds)} s._`;
}

/** A freshly measured block: the stamp, then the bench's own output. */
export function measuredBlock(
  section: PageSection,
  run: RunContext,
  output: string,
  seconds: number,
): PageBlock {
  return {
    id: section.id,
    measured: run.when,
    body: alignTables(`${stampLine(run, section.command, seconds)}\n\n${output.trim()}`),
  };
}

/**
 * Reads the blocks of a page the bench wrote. Throws when a block was edited by hand (its hash no
 * longer matches), when markers do not pair, or when text stands outside the blocks that
 * {@link renderPage} would not write: the page is the bench's, and a wrong figure on it would
 * otherwise stay.
 */
export function parsePage(text: string): Map<string, PageBlock> {
  const blocks = new Map<string, PageBlock>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i] ?? '');
    if (!open) continue;
    const [, id = '', measured = '', hash = ''] = open;
    const close = lines.indexOf(`<!-- /bench:${id} -->`, i + 1);
    if (close < 0) throw new Error(`The benchmark page opens section "${id}" and never closes it.`);
    const body = lines
      .slice(i + 1, close)
      .join('\n')
      .trim()
      .replace(/^## .*\n\n/, '');
    if (blockHash(body) !== hash)
      throw new Error(
        `Section "${id}" of the benchmark page was edited by hand (its text no longer matches the hash the bench wrote). Measure it again with \`${commandOf(id)}\`, or restore it from git.`,
      );
    blocks.set(id, { id, measured, body });
    i = close;
  }
  if (renderPage(blocks) !== text)
    throw new Error(
      'The benchmark page has text outside the sections the bench writes. Put what it says into the bench that prints the section, and run it again.',
    );
  return blocks;
}

function commandOf(id: string): string {
  return PAGE_SECTIONS.find((s) => s.id === id)?.command ?? 'npm run bench';
}

/** The page's contents: each section, what it measures and when it last ran. */
function contents(blocks: ReadonlyMap<string, PageBlock>): string {
  const rows = PAGE_SECTIONS.map((s) => {
    const measured = blocks.get(s.id)?.measured ?? 'not yet';
    return `| [${s.title}](#${anchor(s.title)}) | ${s.about} | ${measured} | \`${s.command}\` |`;
  });
  return ['| section | what it measures | measured | command |', '| --- | --- | --- | --- |', ...rows].join(
    '\n',
  );
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as hyphens. */
export function anchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/** Writes the whole page from its blocks, in the order of {@link PAGE_SECTIONS}. */
export function renderPage(blocks: ReadonlyMap<string, PageBlock>): string {
  const parts = [
    HEAD,
    '',
    '<!-- Written by `npm run bench` and `npm run fit` (bench/page/page.ts). A hand edit fails `npm test`: change the bench that prints the section, and run it again. -->',
    '',
    '`npm run bench` measures every section below on the machine it runs on and rewrites this page; `BENCH_ONLY=<ids>` (a comma list of the ids in the commands) measures some and leaves the others as they were; `BENCH_PAGE=none` prints the tables without touching the page. Each section starts with when, on which commit and on what machine it was measured, and the settings it ran with. The data sets are in `../shared/data/` (MetaQA, LoCoMo) and `bench/` (the rest, written for these benchmarks).',
    '',
    contents(blocks),
  ];
  for (const section of PAGE_SECTIONS) {
    const block = blocks.get(section.id);
    if (!block) continue;
    parts.push(
      '',
      `<!-- bench:${section.id} measured="${block.measured}" sha256="${blockHash(block.body)}" -->`,
      '',
      `## ${section.title}`,
      '',
      block.body,
      '',
      `<!-- /bench:${section.id} -->`,
    );
  }
  return `${alignTables(parts.join('\n'))}\n`;
}

/**
 * Puts freshly measured blocks into the page at `file`, keeping the sections not measured this
 * time as they stand. A page that is missing is written anew.
 */
export function updatePage(file: string, measured: readonly PageBlock[]): void {
  const blocks = existsSync(file) ? parsePage(readFileSync(file, 'utf8')) : new Map<string, PageBlock>();
  for (const block of measured) blocks.set(block.id, block);
  writeFileSync(file, renderPage(blocks));
}

/**
 * The page `npm run bench` and `npm run fit` write: BENCH_PAGE, else docs/benchmarks.md;
 * `undefined` when BENCH_PAGE is `none` (print only).
 */
export function benchPagePath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const page = env.BENCH_PAGE ?? fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
  return page === 'none' ? undefined : page;
}
