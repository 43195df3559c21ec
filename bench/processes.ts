import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../test/helpers/temp-dir.js';
import { METAQA_DIR } from './metaqa-data.js';
import { median } from './stats.js';
import { markdownTable } from './table.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'bin', 'kgmem.js');
const BUILT = join(ROOT, 'dist', 'cli', 'main.js');
const TIME = '/usr/bin/time';
const RUNS = 3;

/** Wall time and peak resident memory of one command run, as GNU time reports them. */
interface ProcessRun {
  seconds: number;
  peakMb: number;
  /** What the command printed. */
  stdout: string;
}

/**
 * Runs `kgmem <args>` (the package's bin, as `npx kgmem` runs it) under GNU time; throws when it
 * fails or does not print `expected`.
 */
function timedCommand(args: readonly string[], dataDir: string, expected: RegExp): ProcessRun {
  const result = spawnSync(TIME, ['-f', 'kgmem-bench %e %M', process.execPath, CLI, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, KGMEM_DATA_DIR: dataDir },
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = /kgmem-bench ([\d.]+) (\d+)/.exec(result.stderr ?? '');
  if (result.status !== 0 || !line)
    throw new Error(`kgmem ${args.join(' ')} failed (exit ${result.status}): ${result.stderr?.slice(-500)}`);
  if (!expected.test(result.stdout))
    throw new Error(`kgmem ${args.join(' ')} printed no ${expected}: ${result.stdout.slice(0, 500)}`);
  return { seconds: Number(line[1]), peakMb: Number(line[2]) / 1024, stdout: result.stdout };
}

/** The project built as users run it: `npm run build` first, so the figures are of this tree. */
function build(): void {
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0 || !existsSync(BUILT))
    throw new Error(`npm run build failed, so there is no CLI to measure: ${result.stderr?.slice(-500)}`);
}

/**
 * `npm run bench` section `processes`: what one command costs as its own process, the way a shell
 * user or a script meets it. Start-up (`kgmem --help`), `kgmem import` of the MetaQA kb into a
 * fresh memory, and a cold `kgmem recall` on it, each the median of three runs under GNU time
 * (`/usr/bin/time`; wall time and peak resident memory of the whole process).
 */
export async function benchProcesses(): Promise<string> {
  if (!existsSync(TIME))
    throw new Error(`${TIME} (GNU time) is missing; install it (apt-get install time) to measure processes.`);
  build();
  const kb = join(METAQA_DIR, 'kb.tsv');
  const facts = spawnSync('wc', ['-l', kb], { encoding: 'utf8' }).stdout.trim().split(/\s+/)[0];
  const dirs = Array.from({ length: RUNS }, () => tempDir('kgmem-bench-processes-'));
  try {
    const help = dirs.map((dir) => timedCommand(['--help'], dir.path, /Usage: kgmem/));
    const imports = dirs.map((dir) =>
      timedCommand(['import', kb, '--user', 'movies'], dir.path, /imported [\d,]+ facts/),
    );
    const recallDir = dirs[0]?.path as string;
    const recalls = dirs.map(() =>
      timedCommand(
        ['recall', 'who directed Inception', '--user', 'movies'],
        recallDir,
        /Inception directed by/,
      ),
    );
    const reported = median(
      imports.map((r) =>
        Number(/\(([\d,]+) facts\/s\)/.exec(r.stdout)?.[1]?.replace(/,/g, '') ?? Number.NaN),
      ),
    );
    const row = (measure: string, runs: readonly ProcessRun[], extra = '') => ({
      command: measure,
      runs: runs.length,
      'wall s (median)': median(runs.map((r) => r.seconds)).toFixed(2) + extra,
      'peak MB (median)': Math.round(median(runs.map((r) => r.peakMb))),
    });
    const importSeconds = median(imports.map((r) => r.seconds));
    const rate = Math.round(Number(facts) / importSeconds).toLocaleString('en-US');
    return [
      `### One command, one process (MetaQA kb.tsv, ${Number(facts).toLocaleString('en-US')} facts)`,
      '',
      markdownTable([
        row('`kgmem --help` (start-up alone)', help),
        row(
          '`kgmem import kb.tsv --user movies`, fresh memory',
          imports,
          ` (${rate} facts/s; ${Math.round(reported).toLocaleString('en-US')} as the command reports it, before closing)`,
        ),
        row('`kgmem recall "who directed Inception" --user movies`, fresh process', recalls),
      ]),
      '',
      'Each command runs as `npx kgmem` runs it (the built CLI under Node), timed by GNU time: wall time of the whole process, start-up and closing included, and its peak resident memory. Import: each run into a memory of its own; recall: three fresh processes on the first of them, right after its import (the import leaves a snapshot of the user, so the first recall reads it rather than every table).',
    ].join('\n');
  } finally {
    for (const dir of dirs) dir.remove();
  }
}
