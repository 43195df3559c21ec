import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';

/** Where and on what a benchmark section ran: written into its stamp on the benchmark page. */
export interface RunContext {
  /** ISO date and time (UTC, to the minute). */
  when: string;
  /** Cores, CPU model, memory, operating system and Node version. */
  machine: string;
  /** The commit measured, with `+changes` when the tree differed from it. */
  commit: string;
  /** The `BENCH_*` and `FIT_*` settings of the run, as `NAME=value`. */
  settings: string[];
}

/** The distribution's name from /etc/os-release, or the kernel release when there is none. */
function systemName(): string {
  try {
    const text = readFileSync('/etc/os-release', 'utf8');
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(text)?.[1];
    if (pretty) return pretty;
  } catch {
    // not Linux, or a container without the file
  }
  return `${process.platform} ${release()}`;
}

/** The current commit's short hash, `+changes` when files differ from it; `unknown` outside git. */
function commitName(): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changes = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim();
    return changes ? `${hash}+changes` : hash;
  } catch {
    return 'unknown';
  }
}

/** The time now as a stamp gives it: ISO date and time, UTC, to the minute. */
export function stampTime(): string {
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Describes this run: time, machine, commit and the settings that change what is measured. */
export function runContext(env: NodeJS.ProcessEnv = process.env): RunContext {
  const cores = cpus();
  const model = cores[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB`;
  return {
    when: stampTime(),
    machine: `${cores.length} cores (${model}), ${memory}, ${systemName()}, Node ${process.version}`,
    commit: commitName(),
    settings: Object.entries(env)
      .filter(([name]) => /^(BENCH|FIT)_/.test(name) && !['BENCH_PAGE', 'BENCH_ONLY'].includes(name))
      .map(([name, value]) => `${name}=${value}`)
      .sort(),
  };
}
