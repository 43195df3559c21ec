import { totalmem } from 'node:os';

export { DEFAULT_CACHE_LIMIT, SNAPSHOT_MIN_SIZE } from '../cache/cached-store.js';

/**
 * The default buffer pool of the embedded database: 128 MiB (see `bufferPoolSize`). A process
 * serving many users reads them from its own copies and snapshots, so the pool is mostly for
 * writes; a write too big for it grows it (see {@link MAX_GROWN_BUFFER_POOL}).
 */
export const DEFAULT_BUFFER_POOL = 128 * 2 ** 20;

/**
 * The largest pool a write too big for the configured one grows it to (doubling, the database
 * reopened in place): 4 GiB, or a quarter of the machine's memory when that is less.
 */
export const MAX_GROWN_BUFFER_POOL = Math.min(4 * 2 ** 30, Math.floor(totalmem() / 4));

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
   * database's part of the process. One transaction must fit in it (128 MiB takes an
   * `addTriples` of ~30,000 new facts, 512 MiB ~130,000): a write that does not fit reopens the
   * database with twice the pool and runs again, up to {@link MAX_GROWN_BUFFER_POOL}; `kgmem
   * import` opens with 2 GiB at once.
   * @default DEFAULT_BUFFER_POOL (128 MiB), or KGMEM_BUFFER_POOL_MB
   */
  bufferPoolSize?: number;
  /**
   * The most a write that does not fit grows the buffer pool to (bytes).
   * @default MAX_GROWN_BUFFER_POOL (4 GiB, or a quarter of the machine's memory when less)
   */
  maxBufferPoolSize?: number;
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
  /**
   * A write creating at least this many entities plus facts loads them with `COPY FROM` files
   * instead of parameterised statements (`Infinity`: never).
   * @default 1000
   */
  copyThreshold?: number;
}
