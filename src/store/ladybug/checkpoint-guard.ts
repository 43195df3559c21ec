import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseRecoveryError } from '../../model/errors.js';
import { copyDurably, type DataFiles, fileSize, syncFile, syncFolder } from './data-files.js';
import { isProcessAlive, processStartTime } from './process-identity.js';

/**
 * Checkpoints that a crash cannot turn into a database nothing can open.
 *
 * LadybugDB (0.19.1) writes part of a checkpoint into the main file in place: a process killed
 * during `CHECKPOINT` leaves a main file whose last checkpointed state is damaged (its
 * primary-key index points at rows that are not there) and a frozen log that crashes the next
 * open while it is replayed (`docs/ladybug-checkpoint-crash.md`). Replaying a log onto an
 * untouched main file works. So kgmem runs every checkpoint itself (the database's own automatic
 * and on-close checkpoints are off, see `connection.ts`) behind a guard:
 *
 * 1. copy the main file and the log, as they are with no transaction open, into `<path>.guard/`,
 *    forced to disk; then write `guard.json` (the guard is valid from here);
 * 2. run `CHECKPOINT`;
 * 3. remove `guard.json`, then the copies.
 *
 * A process killed in step 2 (or before step 3 ended) leaves a valid guard: the next open puts
 * the copies back ({@link restoreInterruptedCheckpoint}), which is exactly the database before
 * the checkpoint began, and LadybugDB replays the log onto it as after any crash. Killed in step
 * 1, the guard has no `guard.json` and the files it copied from were not touched yet: it is
 * removed. The copy costs a read and a write of the main file per checkpoint (a clone where the
 * file system can), which is why checkpoints run only when the log has grown (`checkpointLogSize`)
 * and when the database closes.
 */

/** What `guard.json` records: whose checkpoint it guards and the sizes of the copies. */
interface GuardRecord {
  pid: number;
  /** The guarding process's start time (Linux), so a reused pid is not taken for it. */
  processStart?: string;
  startedAt: string;
  /** Bytes of the copied main file, and of the copied log when there was one. */
  sizes: { main: number; wal?: number };
}

const RECORD = 'guard.json';
const MAIN_COPY = 'main';
const WAL_COPY = 'wal';

/**
 * Runs `checkpoint` (the database's `CHECKPOINT`, with no transaction open) behind a guard (see
 * above). Nothing is guarded or run when there is no log to fold in.
 */
export function guardedCheckpoint(files: DataFiles, checkpoint: () => void): void {
  if (fileSize(files.wal) === 0 && !existsSync(files.frozenWal)) return;
  rmSync(files.guard, { recursive: true, force: true });
  mkdirSync(files.guard, { recursive: true });
  const sizes: GuardRecord['sizes'] = { main: fileSize(files.main) };
  copyDurably(files.main, join(files.guard, MAIN_COPY));
  if (existsSync(files.wal)) {
    copyDurably(files.wal, join(files.guard, WAL_COPY));
    sizes.wal = fileSize(join(files.guard, WAL_COPY));
  }
  const start = processStartTime(process.pid);
  const record: GuardRecord = {
    pid: process.pid,
    ...(start ? { processStart: start } : {}),
    startedAt: new Date().toISOString(),
    sizes,
  };
  const temporary = join(files.guard, `.${RECORD}.writing`);
  writeFileSync(temporary, `${JSON.stringify(record)}\n`);
  syncFile(temporary);
  renameSync(temporary, join(files.guard, RECORD));
  syncFolder(files.guard);
  checkpoint();
  rmSync(join(files.guard, RECORD), { force: true });
  syncFolder(files.guard);
  rmSync(files.guard, { recursive: true, force: true });
}

/** What {@link restoreInterruptedCheckpoint} found and did. */
export type GuardOutcome =
  /** No checkpoint was cut short (an unfinished copy, if any, was removed). */
  | 'none'
  /** A checkpoint was cut short; the database is back as it was before it, its log to replay. */
  | 'restored'
  /** A live process is checkpointing this database right now: nothing was touched. */
  | 'in-progress';

/**
 * Before an open: puts back the copies of a checkpoint that a dead process did not finish (see
 * above), so the database is as it was before that checkpoint. Idempotent: cut short itself, it
 * runs again at the next open. `readOnly` opens may not write: they are refused with what to do.
 */
export function restoreInterruptedCheckpoint(files: DataFiles, readOnly: boolean): GuardOutcome {
  const record = readRecord(files);
  if (!record) {
    if (existsSync(files.guard) && !readOnly) rmSync(files.guard, { recursive: true, force: true });
    return 'none';
  }
  if (ownerAlive(record)) return 'in-progress';
  const mainCopy = join(files.guard, MAIN_COPY);
  const walCopy = join(files.guard, WAL_COPY);
  if (
    fileSize(mainCopy) !== record.sizes.main ||
    (record.sizes.wal !== undefined && fileSize(walCopy) !== record.sizes.wal)
  ) {
    throw new DatabaseRecoveryError(
      `The database ${files.main} was being checkpointed when its process stopped, and the copy kgmem took ` +
        `before that checkpoint (${files.guard}) is not whole. Nothing was changed. ` +
        `Run \`kgmem doctor --data-dir <dir>\` to check it and recover what can be read into a new directory.`,
    );
  }
  if (readOnly) {
    throw new DatabaseRecoveryError(
      `The database ${files.main} was being checkpointed when its process (pid ${record.pid}) stopped; ` +
        'kgmem restores it from the copy it took before that checkpoint, which needs a writable open. ' +
        'Open it once without read-only (any kgmem command that writes, or `kgmem doctor --apply`).',
    );
  }
  // The files of the checkpoint that was cut short: the copies replace all of them.
  rmSync(files.frozenWal, { force: true });
  rmSync(files.shadow, { force: true });
  copyDurably(mainCopy, files.main);
  if (record.sizes.wal !== undefined) copyDurably(walCopy, files.wal);
  else rmSync(files.wal, { force: true });
  syncFolder(dirname(files.main));
  rmSync(join(files.guard, RECORD), { force: true });
  syncFolder(files.guard);
  rmSync(files.guard, { recursive: true, force: true });
  return 'restored';
}

/** The guard's record, when the guard is valid (its copies whole on disk). */
function readRecord(files: DataFiles): GuardRecord | undefined {
  let text: string;
  try {
    text = readFileSync(join(files.guard, RECORD), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const record = JSON.parse(text) as GuardRecord;
    if (Number.isInteger(record.pid) && typeof record.sizes?.main === 'number') return record;
  } catch {
    // Written whole and renamed into place: a record that does not parse was made by hand.
  }
  throw new DatabaseRecoveryError(
    `The checkpoint guard ${join(files.guard, RECORD)} cannot be read. Nothing was changed. ` +
      'Run `kgmem doctor --data-dir <dir>` to check the database and recover it into a new directory.',
  );
}

/** Whether the process that wrote the guard still runs (and is the same process, where that can be told). */
function ownerAlive(record: GuardRecord): boolean {
  if (record.pid === process.pid) return false;
  if (!isProcessAlive(record.pid)) return false;
  if (record.processStart === undefined) return true;
  return processStartTime(record.pid) === record.processStart;
}
