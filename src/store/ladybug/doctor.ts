import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { DatabaseRecoveryError, NotFoundError } from '../../model/errors.js';
import { restoreInterruptedCheckpoint } from './checkpoint-guard.js';
import { commitMarkPath, readCommitMark } from './commit-mark.js';
import {
  copyDurably,
  type DataFiles,
  dataFiles,
  fileSize,
  hasInterruptedLadybugCheckpoint,
} from './data-files.js';
import { DEFAULT_BUFFER_POOL } from './options.js';
import { fileLockHolder } from './process-identity.js';
import { type ProbeReport, probeDatabase } from './recovery-probe.js';

/**
 * `kgmem doctor`: checks an embedded database without opening it in this process, and recovers
 * what a damaged one still holds into a new directory. Every open runs in a child process on a
 * copy of the files; the original files are read, never changed, except by {@link applyRecovery}.
 */

/** What {@link checkDatabase} found. */
export interface DoctorReport {
  path: string;
  /** Bytes of the main file and of the log of writes since the last checkpoint. */
  sizes: { main: number; log: number };
  /** What the files say happened last. */
  state:
    | 'clean'
    | 'log-to-replay'
    | 'checkpoint-cut-short-guarded'
    | 'checkpoint-cut-short-unguarded'
    | 'in-use';
  /** Writes acknowledged from this database, as recorded beside it (absent for older databases). */
  acknowledged?: number;
  /** What the database holds once opened as the next open would (absent when that failed). */
  opened?: ProbeReport;
  /** Why it cannot be opened, or what is missing, when it is not healthy. */
  problem?: string;
  /** Whether the next open will work with every acknowledged write. */
  healthy: boolean;
}

/** Options of the doctor's checks and recovery. */
export interface DoctorOptions {
  /** @default DEFAULT_BUFFER_POOL */
  bufferPoolSize?: number;
}

/** Checks the database at `path` as its next open would see it (on a copy, in a child process). */
export function checkDatabase(path: string, options: DoctorOptions = {}): DoctorReport {
  const files = dataFiles(path);
  if (!existsSync(files.main)) throw new NotFoundError(`kgmem doctor: there is no database at ${path}`);
  const pool = options.bufferPoolSize ?? DEFAULT_BUFFER_POOL;
  const acknowledged = readCommitMark(path);
  const report: DoctorReport = {
    path,
    sizes: { main: fileSize(files.main), log: fileSize(files.wal) },
    state: stateOf(files),
    ...(acknowledged !== undefined ? { acknowledged } : {}),
    healthy: false,
  };
  if (report.state === 'in-use') {
    report.problem = `process ${fileLockHolder(path)} has it open; check it when that process has stopped`;
    return report;
  }
  const work = workFolder(path, 'check');
  try {
    const copy = copyFiles(files, work, 'all');
    if (restoreInterruptedCheckpoint(copy, false) === 'in-progress')
      throw new Error(
        'the process that was checkpointing it still runs; check it when that process has stopped',
      );
    const mode = hasInterruptedLadybugCheckpoint(copy) ? 'recover' : 'read';
    report.opened = probeDatabase(copy.main, { mode, bufferPoolSize: pool, partialReplay: true });
    if (acknowledged !== undefined && report.opened.commits < acknowledged)
      report.problem = `${acknowledged - report.opened.commits} acknowledged write(s) cannot be replayed from its log`;
  } catch (error) {
    report.problem = error instanceof Error ? error.message : String(error);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  report.healthy = report.problem === undefined;
  return report;
}

/** What {@link recoverDatabase} wrote. */
export interface RecoveryReport {
  /** The new database file. */
  into: string;
  /** Where its contents come from: the files as the next open sees them, or the last checkpoint alone. */
  source: 'with-log' | 'last-checkpoint';
  /** What the new database holds. */
  recovered: ProbeReport;
  /** Writes acknowledged from the damaged database (when recorded). */
  acknowledged?: number;
  /** Acknowledged writes the new database lacks (when that can be told). */
  lost?: number;
  /** Why the log could not be used, when the last checkpoint alone was recovered. */
  logProblem?: string;
}

/**
 * Recovers what the database at `path` holds into a new database file `into` (its folder is
 * created; it must not hold a database): every table is read from a copy in a child process
 * (`EXPORT DATABASE`) and written into a new file (`IMPORT DATABASE`), which rebuilds its
 * indexes. First from the files with their log (replayed as far as it goes); when that fails,
 * from the last checkpoint alone, with the log set aside. The original files are not changed.
 */
export function recoverDatabase(path: string, into: string, options: DoctorOptions = {}): RecoveryReport {
  const files = dataFiles(path);
  if (!existsSync(files.main)) throw new NotFoundError(`kgmem doctor: there is no database at ${path}`);
  if (stateOf(files) === 'in-use')
    throw new DatabaseRecoveryError(
      `kgmem doctor: process ${fileLockHolder(path)} has ${path} open; recover it when that process has stopped`,
    );
  if (existsSync(into))
    throw new DatabaseRecoveryError(`kgmem doctor: ${into} already exists; name a new file`);
  const pool = options.bufferPoolSize ?? DEFAULT_BUFFER_POOL;
  const acknowledged = readCommitMark(path);
  let logProblem: string | undefined;
  for (const source of ['with-log', 'last-checkpoint'] as const) {
    const work = workFolder(path, 'recover');
    try {
      const copy = copyFiles(files, work, source === 'with-log' ? 'all' : 'main');
      if (source === 'with-log') {
        restoreInterruptedCheckpoint(copy, false);
        if (hasInterruptedLadybugCheckpoint(copy))
          probeDatabase(copy.main, { mode: 'recover', bufferPoolSize: pool, partialReplay: true });
      }
      const exported = join(work, 'export');
      probeDatabase(copy.main, {
        mode: 'export',
        bufferPoolSize: pool,
        target: exported,
        partialReplay: true,
      });
      mkdirSync(dirname(into), { recursive: true });
      // A bulk load of every table at once needs more pool than everyday writes: the child is short-lived.
      const importPool = Math.max(
        pool,
        Math.min(2 * fileSize(copy.main), Math.floor(totalmem() / 2)),
        2 ** 30,
      );
      const recovered = probeDatabase(into, { mode: 'import', bufferPoolSize: importPool, target: exported });
      // The new database's own record of acknowledged writes starts where it stands.
      writeFileSync(commitMarkPath(into), `${String(recovered.commits).padStart(19, ' ')}\n`);
      return {
        into,
        source,
        recovered,
        ...(acknowledged !== undefined
          ? { acknowledged, lost: Math.max(0, acknowledged - recovered.commits) }
          : {}),
        ...(logProblem ? { logProblem } : {}),
      };
    } catch (error) {
      removeDatabaseFiles(into);
      if (source === 'last-checkpoint') throw recoveryFailed(path, error);
      logProblem = error instanceof Error ? error.message : String(error);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  throw new Error('kgmem doctor: internal error, no source was tried');
}

/**
 * Puts a recovered database in the place of the damaged one: the damaged files (main file, log,
 * checkpoint files and guard, the record of acknowledged writes and the snapshots) move into
 * `<dir>/recovery/<time>/`, never deleted, and the recovered file takes their place. Returns the
 * folder the damaged files are kept in.
 */
export function applyRecovery(path: string, recovered: string): string {
  const files = dataFiles(path);
  if (stateOf(files) === 'in-use')
    throw new DatabaseRecoveryError(
      `kgmem doctor: process ${fileLockHolder(path)} has ${path} open; nothing was changed`,
    );
  const dir = dirname(path);
  const kept = join(dir, 'recovery', new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(kept, { recursive: true });
  const prefix = `${basename(path)}.`;
  for (const name of readdirSync(dir))
    if (name === basename(path) || (name.startsWith(prefix) && !name.endsWith('.holder.json')))
      renameSync(join(dir, name), join(kept, name));
  renameSync(recovered, path);
  if (existsSync(commitMarkPath(recovered))) renameSync(commitMarkPath(recovered), commitMarkPath(path));
  return kept;
}

/** Removes a database file and every file LadybugDB or kgmem keeps beside it (`<file>.*`). */
function removeDatabaseFiles(path: string): void {
  const dir = dirname(path);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir))
    if (name === basename(path) || name.startsWith(`${basename(path)}.`))
      rmSync(join(dir, name), { recursive: true, force: true });
}

function stateOf(files: DataFiles): DoctorReport['state'] {
  const locker = fileLockHolder(files.main);
  if (locker !== undefined && locker !== null) return 'in-use';
  if (existsSync(join(files.guard, 'guard.json'))) return 'checkpoint-cut-short-guarded';
  if (hasInterruptedLadybugCheckpoint(files)) return 'checkpoint-cut-short-unguarded';
  return fileSize(files.wal) > 0 ? 'log-to-replay' : 'clean';
}

/** A scratch folder beside the database (its copies may be as large as it is). */
function workFolder(path: string, what: string): string {
  const work = join(dirname(path), `.doctor-${what}-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  return work;
}

/** Copies the database's files (all of them, or its main file alone) into `work`. */
function copyFiles(files: DataFiles, work: string, which: 'all' | 'main'): DataFiles {
  const copy = dataFiles(join(work, basename(files.main)));
  copyDurably(files.main, copy.main);
  if (which === 'main') return copy;
  for (const key of ['wal', 'frozenWal', 'shadow'] as const)
    if (existsSync(files[key])) copyDurably(files[key], copy[key]);
  if (existsSync(join(files.guard, 'guard.json'))) {
    mkdirSync(copy.guard, { recursive: true });
    for (const name of readdirSync(files.guard)) copyDurably(join(files.guard, name), join(copy.guard, name));
  }
  return copy;
}

function recoveryFailed(path: string, error: unknown): DatabaseRecoveryError {
  const why = error instanceof Error ? error.message : String(error);
  return new DatabaseRecoveryError(
    `kgmem doctor: not even the last checkpoint of ${path} could be read (${why}). Nothing was changed; ` +
      'keep the files, and restore the data directory from a backup or a `kgmem export`.',
  );
}
