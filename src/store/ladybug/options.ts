import { totalmem } from 'node:os';

export { DEFAULT_CACHE_LIMIT, SNAPSHOT_MIN_SIZE } from '../cache/cached-store.js';

/**
 * The default buffer pool of the embedded database: 128 MiB (see `bufferPoolSize`). A process
 * serving many users reads them from its own copies and snapshots, so the pool is mostly for
 * writes.
 */
export const DEFAULT_BUFFER_POOL = 128 * 2 ** 20;

/**
 * The most a pool grows to for a statement that does not fit (`maxBufferPoolSize`): 4 GiB, or a
 * quarter of the machine's memory when that is less.
 */
export function maxBufferPoolFor(options: Pick<LadybugStoreOptions, 'maxBufferPoolSize'>): number {
  return options.maxBufferPoolSize ?? Math.min(4 * 2 ** 30, Math.floor(totalmem() / 4));
}

/**
 * The log size that triggers a checkpoint (`checkpointLogSize`): a sixteenth of the buffer pool,
 * at least 8 MiB. Committed writes keep their pages in the pool until a checkpoint, and LadybugDB
 * holds memory outside the pool for them too (several times the log's size), so the log stays
 * small; each checkpoint copies the main file first (`checkpoint-guard.ts`), so it must not be
 * much smaller.
 */
export function checkpointLogSizeFor(
  options: Pick<LadybugStoreOptions, 'bufferPoolSize' | 'checkpointLogSize'>,
): number {
  if (options.checkpointLogSize !== undefined) return options.checkpointLogSize;
  return Math.max(8 * 2 ** 20, Math.floor((options.bufferPoolSize || DEFAULT_BUFFER_POOL) / 16));
}

/** The native memory the database may grow by before it is reopened (`nativeMemoryLimit`; Infinity: never). */
export function nativeMemoryLimitFor(
  options: Pick<LadybugStoreOptions, 'bufferPoolSize' | 'nativeMemoryLimit'>,
): number {
  const limit = options.nativeMemoryLimit ?? Math.floor((options.bufferPoolSize || DEFAULT_BUFFER_POOL) / 2);
  return limit > 0 ? limit : Number.POSITIVE_INFINITY;
}

/** Options of {@link LadybugStore}. */
export interface LadybugStoreOptions {
  /** Path of the database file (created with its folder when missing). */
  path: string;
  /**
   * Open read-only (several processes may read; none may write).
   * @default false
   */
  readOnly?: boolean;
  /**
   * Largest size the database file may grow to, in bytes (a power of two). Ladybug reserves
   * this much virtual address space per open database, so the default is far below its own 8 TiB.
   * @default 2 ** 38 (256 GiB)
   */
  maxDbSize?: number;
  /**
   * Buffer pool size in bytes (0 lets Ladybug choose: a share of physical memory). It bounds the
   * database's part of the process. One transaction must fit in it: `addTriples` cuts a large
   * call into transactions that do (`triplesPerTransaction`). A statement or write that still
   * does not fit, after a checkpoint has emptied the pool of the log's pages, is run again in a
   * pool twice as large (the database reopened after a guarded checkpoint, with no transaction
   * open), up to `maxBufferPoolSize`; past that it fails whole with an error naming these
   * settings, and writes nothing.
   * @default DEFAULT_BUFFER_POOL (128 MiB), or KGMEM_BUFFER_POOL_MB
   */
  bufferPoolSize?: number;
  /**
   * The most the buffer pool grows to for a statement that does not fit (bytes).
   * @default 4 GiB, or a quarter of the machine's memory when less
   */
  maxBufferPoolSize?: number;
  /**
   * Bytes of write-ahead log after which the next write is followed by a checkpoint (guarded
   * against crashes, see `checkpoint-guard.ts`); one also runs on close.
   * @default a sixteenth of the buffer pool, at least 8 MiB
   */
  checkpointLogSize?: number;
  /**
   * After each checkpoint and on close, hand the memory the database freed back to the operating
   * system (glibc's `malloc_trim`; nothing on other C libraries). Without it a process that writes
   * many users keeps, as resident memory, everything the writes between checkpoints ever held.
   * @default true
   */
  releaseNativeMemory?: boolean;
  /**
   * Bytes of native memory the database may come to hold beyond what the process held when it
   * opened, checked after each checkpoint; past it, the database is closed and reopened at the
   * next write or read, which frees it. LadybugDB keeps memory for the rows written while it is
   * open (its buffer pool's pages besides), and only a close gives it back. 0: never reopen.
   * @default half the buffer pool (docs/ladybug-memory.md)
   */
  nativeMemoryLimit?: number;
  /**
   * Serve the read path (name lookups, traversal, dedup) from an in-process copy of each
   * active user's graph, kept exact after every write; `false` queries the database each time.
   * @default true
   */
  inMemoryGraph?: boolean;
  /**
   * Bytes (approximately) of per-user copies kept in process across users (graphs, entity and
   * fact vector indexes, turn indexes) before the least recently used users' copies are dropped;
   * they reload from the database (or their snapshot) on next use. The user being read is always
   * kept, however large.
   * @default DEFAULT_CACHE_LIMIT (64 MiB), or KGMEM_CACHE_MB
   */
  cacheLimit?: number;
  /**
   * Users holding at least this many entities plus facts get a snapshot of their in-process
   * copies beside the database (`<database>.snapshots/`) when the store closes and when their
   * copies are evicted (`cacheLimit`), which a later load (in this process or the next) reads
   * instead of the rows; valid only while nothing was written since. `Infinity` turns snapshots
   * off.
   * @default 100
   */
  snapshotMinSize?: number;
}
