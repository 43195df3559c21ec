import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseRecoveryError } from '../../model/errors.js';
import { restoreInterruptedCheckpoint } from './checkpoint-guard.js';
import { readCommitMark } from './commit-mark.js';
import {
  copyDurably,
  type DataFiles,
  fileSize,
  hasInterruptedLadybugCheckpoint,
  syncFolder,
} from './data-files.js';
import { readHolder } from './holder.js';
import { fileLockHolder, isProcessAlive } from './process-identity.js';
import { ProbeFailure, type ProbeReport, probeDatabase } from './recovery-probe.js';

/** What {@link prepareForOpen} did before the database was opened, for the caller to say. */
export type OpenPreparation =
  | 'clean'
  | 'held-elsewhere'
  | 'log-checked'
  | 'checkpoint-restored'
  | 'recovered-in-child';

/**
 * Makes sure the database at `files.main` can be opened in this process without risking it:
 * run before every open of an existing database file, under a lock file that keeps two processes
 * from recovering it at once.
 *
 * - A checkpoint that a dead process did not finish is undone from kgmem's guard
 *   (`checkpoint-guard.ts`).
 * - A checkpoint LadybugDB itself left unfinished (a database written before kgmem guarded its
 *   checkpoints): its recovery runs in a child process on a copy; if it works, the recovered
 *   copy takes the original's place and the original files are kept in `<dir>/recovery/<time>/`.
 * - A log of writes since the last checkpoint (the process that wrote it stopped without
 *   closing): it is replayed once in a child process, read-only, before this process replays it.
 *
 * When a child crashes or fails, nothing is changed and a {@link DatabaseRecoveryError} says what
 * happened and what `kgmem doctor` can do. A database another live process holds is not touched
 * (its open fails on the database's lock, as before).
 */
export function prepareForOpen(
  files: DataFiles,
  options: { readOnly: boolean; bufferPoolSize: number },
): OpenPreparation {
  if (!existsSync(files.main)) return 'clean';
  if (heldByAnotherProcess(files)) return 'held-elsewhere';
  return withOpenLock(files, options.readOnly, () => {
    const guard = restoreInterruptedCheckpoint(files, options.readOnly);
    if (guard === 'in-progress') return 'held-elsewhere';
    if (hasInterruptedLadybugCheckpoint(files)) {
      if (options.readOnly) throw readOnlyRecovery(files);
      recoverInChild(files, options.bufferPoolSize);
      return 'recovered-in-child';
    }
    if (fileSize(files.wal) === 0) return guard === 'restored' ? 'checkpoint-restored' : 'clean';
    // A log's last transaction may be cut short (the process died while writing it): replay stops
    // before it, as it was never acknowledged. Whether every acknowledged write replays is told by
    // the count the database keeps against the one recorded beside it (commit-mark.ts).
    let report: ProbeReport;
    try {
      report = probeDatabase(files.main, {
        mode: 'read',
        bufferPoolSize: options.bufferPoolSize,
        partialReplay: true,
      });
    } catch (error) {
      if (error instanceof ProbeFailure && error.locked) return 'held-elsewhere';
      throw recoveryError(files, 'its log of writes since the last checkpoint could not be replayed', error);
    }
    const acknowledged = readCommitMark(files.main);
    if (acknowledged !== undefined && report.commits < acknowledged)
      throw recoveryError(
        files,
        `its log of writes since the last checkpoint is damaged: ${acknowledged - report.commits} acknowledged write(s) cannot be replayed`,
        new Error(`the log replays up to write ${report.commits} of ${acknowledged}`),
      );
    return guard === 'restored' ? 'checkpoint-restored' : 'log-checked';
  });
}

/**
 * Whether another live process has the database open for writing (its open here then fails on
 * the database's lock, with who holds it): by the lock itself where the system shows it
 * (Linux), else by the holder file kgmem writes beside the database.
 */
function heldByAnotherProcess(files: DataFiles): boolean {
  const locker = fileLockHolder(files.main);
  if (locker !== undefined) return locker !== null;
  const holder = readHolder(files.main);
  return holder !== undefined && holder.pid !== process.pid;
}

/**
 * Recovers a database LadybugDB left in the middle of its own checkpoint: on a copy, in a child;
 * on success the recovered copy replaces the original, whose files are kept.
 */
function recoverInChild(files: DataFiles, bufferPoolSize: number): void {
  const dir = dirname(files.main);
  const name = files.main.slice(dir.length + 1);
  const work = join(dir, 'recovery', `${timestamp()}-in-progress`);
  mkdirSync(work, { recursive: true });
  const present = leftoverFiles(files).filter((file) => existsSync(file));
  for (const file of present) copyDurably(file, join(work, file.slice(dir.length + 1)));
  try {
    probeDatabase(join(work, name), { mode: 'recover', bufferPoolSize });
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    removeIfEmpty(join(dir, 'recovery'));
    throw recoveryError(
      files,
      'LadybugDB stopped in the middle of a checkpoint (a frozen log or shadow pages are left), and replaying it failed',
      error,
    );
  }
  // The originals go into a folder of their own; the recovered main file takes their place.
  const kept = join(dir, 'recovery', timestamp());
  mkdirSync(kept, { recursive: true });
  for (const file of present) renameSync(file, join(kept, file.slice(dir.length + 1)));
  syncFolder(kept);
  renameSync(join(work, name), files.main);
  syncFolder(dir);
  rmSync(work, { recursive: true, force: true });
  process.emitWarning(
    `kgmem: the database ${files.main} had been left in the middle of a LadybugDB checkpoint; it was recovered in a separate process, and the files as they were are kept in ${kept}`,
  );
}

function removeIfEmpty(folder: string): void {
  try {
    rmdirSync(folder);
  } catch {
    // Not empty (earlier recoveries are kept there), or not there.
  }
}

/** The database's main file, log and checkpoint files, as LadybugDB leaves them. */
function leftoverFiles(files: DataFiles): string[] {
  return [files.main, files.wal, files.frozenWal, files.shadow];
}

function recoveryError(files: DataFiles, what: string, error: unknown): DatabaseRecoveryError {
  const why = error instanceof Error ? error.message : String(error);
  const dir = dirname(files.main);
  return new DatabaseRecoveryError(
    `The kgmem database ${files.main} cannot be opened: ${what} (tried in a separate process: ${why}). ` +
      'Nothing was changed. Run `kgmem doctor --data-dir ' +
      dir +
      '` to see what its last checkpoint holds, and `kgmem doctor --data-dir ' +
      dir +
      ' --into <new dir>` to recover that into a new directory.',
  );
}

function readOnlyRecovery(files: DataFiles): DatabaseRecoveryError {
  return new DatabaseRecoveryError(
    `The kgmem database ${files.main} was left in the middle of a checkpoint and must be recovered before it can be read; ` +
      'a read-only open cannot do that. Open it once for writing (any kgmem command that writes), or run `kgmem doctor`.',
  );
}

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/** How long an open waits for another process's recovery of the same database, at most. */
const OPEN_LOCK_WAIT_MS = 10 * 60_000;
const OPEN_LOCK_POLL_MS = 50;

/**
 * Runs `body` holding `<database>.opening` (created exclusively, naming this process): two
 * processes opening one database after a crash do not both recover it. A lock left by a dead
 * process is taken over. A read-only open that cannot create the file runs without it (it
 * changes nothing).
 */
function withOpenLock<T>(files: DataFiles, readOnly: boolean, body: () => T): T {
  const lock = `${files.main}.opening`;
  const deadline = Date.now() + OPEN_LOCK_WAIT_MS;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        if (readOnly) return body();
        throw error;
      }
    }
    const owner = Number(readTextOr(lock, ''));
    if (!Number.isInteger(owner) || owner <= 0 || !isProcessAlive(owner) || owner === process.pid) {
      rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new DatabaseRecoveryError(
        `The kgmem database ${files.main} is being recovered by process ${owner} for more than ${OPEN_LOCK_WAIT_MS / 60_000} minutes; try again when it has finished.`,
      );
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, OPEN_LOCK_POLL_MS);
  }
  try {
    return body();
  } finally {
    rmSync(lock, { force: true });
  }
}

function readTextOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
}
