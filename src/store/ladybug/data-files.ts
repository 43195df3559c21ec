import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  renameSync,
  statSync,
} from 'node:fs';
import { basename, dirname } from 'node:path';

/**
 * The files of one embedded database beside its main file `<path>`: LadybugDB's write-ahead log
 * and the files of a checkpoint in progress, and kgmem's own guard of a checkpoint
 * (`checkpoint-guard.ts`). Pure names and small file operations; no database code.
 */
export interface DataFiles {
  /** The main database file. */
  main: string;
  /** LadybugDB's write-ahead log: committed writes since the last checkpoint. */
  wal: string;
  /** The log a LadybugDB checkpoint froze (present only while one runs, or after one was cut short). */
  frozenWal: string;
  /** LadybugDB's shadow pages of a checkpoint in progress. */
  shadow: string;
  /** kgmem's copy of the main file and the log taken before each checkpoint (`checkpoint-guard.ts`). */
  guard: string;
}

/** The files of the database whose main file is `path`. */
export function dataFiles(path: string): DataFiles {
  return {
    main: path,
    wal: `${path}.wal`,
    frozenWal: `${path}.wal.checkpoint`,
    shadow: `${path}.shadow`,
    guard: `${path}.guard`,
  };
}

/** The size of a file in bytes, 0 when it does not exist. */
export function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * Whether LadybugDB left files of a checkpoint it did not finish (a frozen log or shadow pages):
 * a database in that state must not be opened in this process before its recovery was tried
 * elsewhere (see `open-check.ts`).
 */
export function hasInterruptedLadybugCheckpoint(files: DataFiles): boolean {
  return existsSync(files.frozenWal) || existsSync(files.shadow);
}

/** Forces a file's contents to disk. */
export function syncFile(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Forces a folder's entries (files created, renamed or removed in it) to disk. */
export function syncFolder(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Some file systems do not sync folders; their entries are as durable as they make them.
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies `from` to `to` durably: into a temporary name beside `to`, forced to disk, then renamed
 * over `to` and the folder synced, so `to` is either its old self or a whole copy. A clone
 * (copy-on-write) where the file system offers one, a plain copy elsewhere.
 */
export function copyDurably(from: string, to: string): void {
  const temporary = `${dirname(to)}/.${basename(to)}.copying`;
  copyFileSync(from, temporary, constants.COPYFILE_FICLONE);
  syncFile(temporary);
  renameSync(temporary, to);
  syncFolder(dirname(to));
}
