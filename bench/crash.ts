import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../test/helpers/temp-dir.js';
import { type CrashProfile, seedCrashMemory, seeded } from './crash-workload.js';
import { markdownTable } from './table.js';

/**
 * The crash-safety check: rounds of a process writing every kind of write to one memory
 * (`crash-workload.ts`), killed with SIGKILL at a random moment (often inside a checkpoint: the log
 * is checkpointed every `checkpointLogSize` bytes), then the memory opened in a new process that
 * checks every write acknowledged so far. The rounds share the memory, so each recovers from
 * what the ones before left.
 */

const WRITER = fileURLToPath(new URL('./crash-writer.ts', import.meta.url));

/** Options of {@link crashRounds}. */
export interface CrashRoundsOptions {
  rounds: number;
  /** Which writes (see {@link CrashProfile}). @default 'mixed' */
  profile?: CrashProfile;
  /** Users the memory holds and the writes go to. */
  users: number;
  /** Log bytes between checkpoints. @default 1 MiB; the store's own default for bulk profiles */
  checkpointLogSize?: number;
  /** The kill comes this long after the writer has opened the memory, at random in [min, max] ms. @default [200, 2500] */
  killAfterMs?: [number, number];
  /** Called after each round (progress). */
  onRound?: (round: RoundResult) => void;
}

/** One round: when the kill came, what the files looked like, and what the check in a new process found. */
export interface RoundResult {
  round: number;
  killedAfterMs: number;
  /** The database's files right after the kill (a `.guard` or `.wal.checkpoint` means a checkpoint was cut). */
  files: string[];
  opened: boolean;
  acknowledged: number;
  missing: string[];
  error?: string;
  /** How long the open and the check took in the new process. */
  checkMs: number;
}

/** What {@link crashRounds} found over all rounds. */
export interface CrashSummary {
  rounds: RoundResult[];
  reopened: number;
  acknowledged: number;
  lost: number;
  /** Rounds whose kill came during a checkpoint. */
  inCheckpoint: number;
}

/** Runs the rounds on a new memory; the memory is removed afterwards. */
export async function crashRounds(options: CrashRoundsOptions): Promise<CrashSummary> {
  const dir = tempDir('kgmem-crash-');
  const profile = options.profile ?? 'mixed';
  // 0: the store's default (a fifth of the buffer pool).
  const logSize = options.checkpointLogSize ?? (profile === 'mixed' ? 2 ** 20 : 0);
  const [minMs, maxMs] = options.killAfterMs ?? [200, 2500];
  const random = seeded(20261128);
  const ackFile = join(dir.path, 'acknowledged.jsonl');
  const dataDir = join(dir.path, 'memory');
  const rounds: RoundResult[] = [];
  try {
    await seedCrashMemory(dataDir, options.users, logSize);
    let killed: Omit<RoundResult, 'opened' | 'acknowledged' | 'missing' | 'checkMs'> | undefined;
    // Each writer first opens the memory and checks it (the reopen after the previous kill),
    // then writes until it is killed; a last process checks after the last kill.
    for (let round = 0; round <= options.rounds; round++) {
      const wait = Math.round(minMs + random() * (maxMs - minMs));
      const args = [dataDir, ackFile, String(options.users), String(logSize), profile];
      const run =
        round < options.rounds
          ? await writeUntilKilled(
              ['write', dataDir, String(round), String(options.users), ackFile, String(logSize), profile],
              wait,
            )
          : { check: await output(['check', ...args, String(options.rounds)]) };
      if (killed) {
        const check = JSON.parse(run.check) as {
          opened: boolean;
          ms?: number;
          acknowledged?: number;
          missing?: string[];
          error?: string;
        };
        const result: RoundResult = {
          ...killed,
          opened: check.opened,
          acknowledged: check.acknowledged ?? 0,
          missing: check.missing ?? [],
          checkMs: Math.round(check.ms ?? 0),
          ...(check.error ? { error: check.error } : {}),
        };
        rounds.push(result);
        options.onRound?.(result);
        if (!check.opened) break;
      }
      killed = {
        round,
        killedAfterMs: wait,
        files: readdirSync(dataDir).filter((name) => name.startsWith('graph.lbug')),
      };
    }
  } finally {
    dir.remove();
  }
  const last = rounds[rounds.length - 1];
  return {
    rounds,
    reopened: rounds.filter((r) => r.opened).length,
    acknowledged: last?.acknowledged ?? 0,
    lost: rounds.reduce((sum, r) => sum + r.missing.length, 0),
    inCheckpoint: rounds.filter((r) =>
      r.files.some((f) => f.endsWith('.guard') || f.endsWith('.wal.checkpoint')),
    ).length,
  };
}

/**
 * Starts a writer, which checks the memory first (its JSON line is returned) and says when it is
 * ready to write; kills it with SIGKILL `ms` later.
 */
function writeUntilKilled(args: string[], ms: number): Promise<{ check: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (timer === undefined && /^ready$/m.test(stdout)) timer = setTimeout(() => child.kill('SIGKILL'), ms);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // A writer that never gets ready (its open failed) is stopped and reported.
    const deadline = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(deadline);
      if (timer) clearTimeout(timer);
      const check = stdout.split('\n').find((line) => line.startsWith('{'));
      if (check && signal === 'SIGKILL' && timer !== undefined) resolve({ check });
      else if (check && !(JSON.parse(check) as { opened: boolean }).opened) resolve({ check });
      else
        reject(
          new Error(`the writer ended by itself (exit ${code}, ${signal}) before it was killed:\n${stderr}`),
        );
    });
  });
}

/** Runs the check in a new process and returns what it printed. */
function output(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const line = stdout.trim().split('\n').pop() ?? '';
      if (line.startsWith('{')) resolve(line);
      else
        resolve(
          JSON.stringify({
            opened: false,
            error: `the check process ended (exit ${code}, ${signal}): ${stderr.slice(-500)}`,
          }),
        );
    });
  });
}

/** `npm run bench` section: the crash check on a memory of 1,000 users, as a table. */
export async function benchCrash(rounds = 50): Promise<string> {
  const summary = await crashRounds({ rounds, users: 1000 });
  const failed = summary.rounds.filter((r) => !r.opened || r.missing.length > 0);
  const checks = summary.rounds.map((r) => r.checkMs).sort((a, b) => a - b);
  const median = checks[Math.floor(checks.length / 2)] ?? 0;
  return [
    '### Crash safety (kill -9 during writes)',
    '',
    `A writer process runs writes of every kind on a memory of 1,000 users (\`addTriples\` of 1, 1,000 and 5,000 facts, \`remember\`, forget, corrections, import, \`CHECKPOINT\` and close-and-reopen), a checkpoint every 1 MiB of log, and is killed with SIGKILL 0.2–2.5 s after it opened the memory; a new process then opens the memory and checks every write acknowledged so far. The rounds share the memory (\`bench/crash.ts\`).`,
    '',
    markdownTable([
      {
        rounds: summary.rounds.length,
        reopened: `${summary.reopened} of ${summary.rounds.length}`,
        'killed in a checkpoint': summary.inCheckpoint,
        'writes acknowledged': summary.acknowledged.toLocaleString('en-US'),
        'acknowledged writes lost': summary.lost,
        'reopen + check (median)': `${(median / 1000).toFixed(1)} s`,
      },
    ]),
    ...(failed.length > 0
      ? [
          '',
          'Failures:',
          ...failed.map((r) => `- round ${r.round}: ${r.error ?? r.missing.slice(0, 3).join('; ')}`),
        ]
      : []),
  ].join('\n');
}
