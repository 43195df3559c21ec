import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Connection, Database, PreparedStatement, QueryResult } from '@ladybugdb/core';
import { ClosedError, CypherError, StoreUnavailableError } from '../../model/errors.js';
import { loadCypher } from '../cypher-files.js';
import type { Row } from '../rows.js';
import { typedParams } from '../statements.js';
import { guardedCheckpoint } from './checkpoint-guard.js';
import { type DataFiles, dataFiles, fileSize } from './data-files.js';
import { loadLadybug } from './driver.js';
import { releaseHolder } from './holder.js';
import { nativeMemory, nativeMemoryGrowth, releaseFreedNativeMemory } from './native-memory.js';
import { prepareForOpen } from './open-check.js';
import {
  checkpointLogSizeFor,
  DEFAULT_BUFFER_POOL,
  type LadybugStoreOptions,
  maxBufferPoolFor,
  nativeMemoryLimitFor,
} from './options.js';
import { errorMessage, openError, toLadybugValue } from './params.js';
import { lockReleased } from './process-identity.js';
import { drain, execute } from './results.js';

/** A statement or transaction did not fit the buffer pool (a transaction is rolled back whole). */
export class PoolTooSmall extends Error {}

/**
 * A statement or write that did not fit the buffer pool even after a checkpoint: the store grows
 * the pool (`DatabaseFile.grow`) and runs it again, or reports `error` when it is at its most.
 */
export class PoolExhausted extends StoreUnavailableError {
  constructor(readonly error: StoreUnavailableError) {
    super(error.message);
  }
}
const POOL_FULL = /buffer pool is full/i;

/**
 * One open LadybugDB database: its files, the database and its connection, prepared statements,
 * and checkpoints. Nothing here knows kgmem's data; the store (`connection.ts`) runs its
 * transactions on it.
 *
 * Crash safety: LadybugDB's own checkpoints (automatic, and on close) are off; every checkpoint
 * runs behind a copy of what it may damage (`checkpoint-guard.ts`): when the log of writes since
 * the last one has grown past `checkpointLogSize`, when a statement needs the pool pages that
 * log holds, and on close. Opening files that hold a log replays it in a child process first
 * (`open-check.ts`). The database is never reopened while in use.
 */
export class DatabaseFile {
  /** The database's files; undefined in memory. */
  readonly files: DataFiles | undefined;
  private db: Database | undefined;
  private conn: Connection | undefined;
  private readonly prepared = new Map<string, PreparedStatement>();
  // Why the database was closed under its users (a failed checkpoint), if it was.
  private broken: string | undefined;
  // The buffer pool the database is open with (bytes): grows for a statement that needs it.
  private pool: number;
  // While the database is reopened (a larger pool, or to release memory): what every caller waits for.
  private reopening: Promise<void> | undefined;
  // The process's native memory right after the database opened, and whether the last checkpoint
  // found the database holding more than `nativeMemoryLimit` beyond it.
  private nativeAtOpen = 0;
  private overLimit = false;

  constructor(private readonly options: LadybugStoreOptions) {
    if (options.path !== ':memory:') this.files = dataFiles(options.path);
    this.pool = options.bufferPoolSize || DEFAULT_BUFFER_POOL;
  }

  /** The buffer pool in bytes. */
  get poolSize(): number {
    return this.pool;
  }

  /**
   * The reopening with a larger pool in progress, if any: synchronous work that uses the
   * connection waits until there is none, checked in the same turn it runs in.
   */
  get pendingReopen(): Promise<void> | undefined {
    return this.reopening;
  }

  get isOpen(): boolean {
    return this.conn !== undefined;
  }

  /**
   * Opens the database (after {@link prepareForOpen} made that safe) with LadybugDB's own
   * checkpoints off: automatic ones, and the one on close.
   */
  open(): void {
    this.pool = this.options.bufferPoolSize || DEFAULT_BUFFER_POOL;
    this.connect();
  }

  /**
   * Opens the database (after {@link prepareForOpen} made that safe) with the current pool and
   * LadybugDB's own checkpoints off: automatic ones, and the one on close.
   */
  private connect(): void {
    // A missing package is reported as such, before any file is made.
    const lbug = loadLadybug();
    const { path } = this.options;
    if (this.files) {
      mkdirSync(dirname(path), { recursive: true });
      prepareForOpen(this.files, { readOnly: this.options.readOnly ?? false, bufferPoolSize: this.poolSize });
    }
    try {
      this.db = new lbug.Database(
        path,
        this.options.bufferPoolSize === 0 && this.pool === DEFAULT_BUFFER_POOL ? 0 : this.pool,
        true,
        this.options.readOnly ?? false,
        this.options.maxDbSize ?? 2 ** 38,
        !this.files,
        -1,
        // A log's last transaction may be cut short by a crash: replay stops before it (never
        // acknowledged). open-check.ts made sure every acknowledged write replays.
        false,
      );
      this.conn = new lbug.Connection(this.db);
      execute(this.conn, 'RETURN 1');
      if (this.files && !this.options.readOnly) execute(this.conn, 'CALL force_checkpoint_on_close=false');
      this.releaseFreedMemory();
      this.nativeAtOpen = nativeMemory();
      this.overLimit = false;
    } catch (error) {
      this.db = undefined;
      this.conn = undefined;
      throw openError(path, error);
    }
  }

  /** The open connection. */
  connection(): Connection {
    if (this.broken) throw new StoreUnavailableError(this.broken);
    if (!this.conn)
      throw new ClosedError('LadybugStore: the store is closed (or was never opened); call open() first');
    return this.conn;
  }

  /** Runs a statement of kgmem's own (schema, transaction control) outside prepared statements. */
  execute(statement: string): void {
    try {
      execute(this.connection(), statement);
    } catch (error) {
      if (POOL_FULL.test(errorMessage(error))) throw new PoolTooSmall();
      throw error;
    }
  }

  /**
   * Runs `cypher/ladybug/<name>.cypher` with its declared parameters. A statement that writes is
   * refused unless `mayWrite` (the store's commit), so no write can skip its bookkeeping.
   */
  run(name: string, params: Record<string, unknown>, mayWrite: boolean): Row[] {
    const conn = this.connection();
    let prepared = this.prepared.get(name);
    if (!prepared) {
      prepared = conn.prepareSync(loadCypher('ladybug', name));
      if (!prepared.isSuccess()) {
        throw new CypherError(`cypher/ladybug/${name}.cypher: ${prepared.getErrorMessage()}`);
      }
      this.prepared.set(name, prepared);
    }
    if (!mayWrite && !prepared.isReadOnly()) {
      throw new Error(
        `LadybugStore: internal error, cypher/ladybug/${name}.cypher writes outside commit() (its copies would go stale)`,
      );
    }
    let result: QueryResult | QueryResult[];
    try {
      result = conn.executeSync(prepared, typedParams(name, params, toLadybugValue) as never);
    } catch (error) {
      if (POOL_FULL.test(errorMessage(error))) throw new PoolTooSmall();
      throw new CypherError(`cypher/ladybug/${name}.cypher: ${errorMessage(error)}`);
    }
    return drain(result);
  }

  /** Forgets prepared statements (after a column they read was dropped). */
  forgetPrepared(): void {
    this.prepared.clear();
  }

  /** A table's property names in their stored order. */
  tableColumns(table: 'Entity' | 'FACT'): string[] {
    // The table name is one of two constants (CALL takes no parameter for it).
    return drain(this.connection().querySync(`CALL table_info('${table}') RETURN name`)).map((r) =>
      String(r.name),
    );
  }

  /**
   * Runs `run`; one that does not fit the buffer pool while the log holds committed writes
   * (their pages stay in the pool until a checkpoint) runs again after a checkpoint. One that
   * still does not fit fails with what to do; a write changes nothing.
   */
  withPoolRoom<T>(kind: 'write' | 'read', run: () => T): T {
    try {
      return run();
    } catch (error) {
      if (!(error instanceof PoolTooSmall)) throw error;
    }
    if (this.files && !this.options.readOnly && fileSize(this.files.wal) > 0) {
      this.checkpoint();
      try {
        return run();
      } catch (error) {
        if (!(error instanceof PoolTooSmall)) throw error;
      }
    }
    const pool = Math.round(this.poolSize / 2 ** 20);
    throw new PoolExhausted(
      new StoreUnavailableError(
        kind === 'write'
          ? `the write did not fit the embedded database's buffer pool (${pool} MiB, the most it grows to), so nothing of it was written: ` +
              'write fewer triples per call, or open with a larger pool (KGMEM_BUFFER_POOL_MB or bufferPoolSize, and maxBufferPoolSize)'
          : `a read did not fit the embedded database's buffer pool (${pool} MiB, the most it grows to): open with a larger pool ` +
              '(KGMEM_BUFFER_POOL_MB or bufferPoolSize, and maxBufferPoolSize)',
      ),
    );
  }

  /**
   * Reopens the database with twice the buffer pool (up to `maxBufferPoolSize`), for a statement
   * that did not fit: only ever after a guarded checkpoint has folded the log in, with no
   * transaction open, and once LadybugDB has let go of the file. False when the pool is at its most.
   */
  async grow(): Promise<boolean> {
    const most = Math.max(maxBufferPoolFor(this.options), this.options.bufferPoolSize ?? 0);
    if (!this.files || this.pool >= most) return false;
    if (this.reopening) {
      await this.reopening;
      return true;
    }
    await this.reopen(Math.min(most, this.pool * 2));
    return true;
  }

  /**
   * Whether the database holds more native memory than `nativeMemoryLimit` allows beyond what it
   * held when opened (checked after each checkpoint): {@link reopenToRelease} then gives it back.
   */
  get wantsReopen(): boolean {
    return this.overLimit && this.reopening === undefined && this.conn !== undefined;
  }

  /**
   * Closes and reopens the database with the same pool, which frees what LadybugDB keeps in
   * memory for the rows written while it was open (it grows with them, and only a close frees
   * it: `docs/ladybug-memory.md`); after a guarded checkpoint, with no transaction open.
   */
  async reopenToRelease(): Promise<void> {
    if (this.reopening) return this.reopening;
    await this.reopen(this.pool);
  }

  /** Checkpoints, closes, waits for LadybugDB to let go of the file, and opens with `pool`. */
  private async reopen(pool: number): Promise<void> {
    this.reopening = (async () => {
      this.checkpoint();
      const { conn, db } = this;
      this.conn = undefined;
      this.db = undefined;
      this.prepared.clear();
      conn?.closeSync();
      db?.closeSync();
      if (this.files) await lockReleased(this.files.main);
      this.pool = pool;
      this.connect();
    })();
    try {
      await this.reopening;
    } finally {
      this.reopening = undefined;
    }
  }

  /**
   * Folds the log of committed writes into the main file, behind a guard that the next open
   * restores if this process dies before it ends (`checkpoint-guard.ts`). Nothing when the log is
   * empty, read-only or in memory. Call it with no transaction open.
   */
  checkpoint(): void {
    const conn = this.conn;
    if (!conn || !this.files || this.options.readOnly) return;
    let ran = false;
    try {
      guardedCheckpoint(this.files, () => {
        ran = true;
        execute(conn, 'CHECKPOINT');
      });
      // What the writes since the last checkpoint held is free now; glibc would keep it.
      this.releaseFreedMemory();
      this.overLimit = nativeMemoryGrowth(this.nativeAtOpen) > nativeMemoryLimitFor(this.options);
    } catch (error) {
      if (!ran) throw error;
      // The checkpoint failed part-way: the main file may be damaged, and the guard (left in place)
      // holds it as it was. Nothing more is written here; the next open restores the guard.
      const pool = Math.round(this.poolSize / 2 ** 20);
      const reason =
        `the embedded database ${this.options.path} could not complete a checkpoint (${errorMessage(error)}), ` +
        'so it was closed; every acknowledged write is kept in the copy taken before that checkpoint, which the next open restores. ' +
        (POOL_FULL.test(errorMessage(error))
          ? `Open the memory again with a larger buffer pool than ${pool} MiB (KGMEM_BUFFER_POOL_MB, or store: { ladybug: { path, bufferPoolSize } }).`
          : 'Open the memory again.');
      this.abandon(reason);
      throw new StoreUnavailableError(reason);
    }
  }

  /**
   * A guarded checkpoint when the log has grown past `checkpointLogSize` (its pages stay in the
   * pool until then); after a commit, whose write it does not fail.
   */
  checkpointIfLogGrew(): void {
    if (!this.files || this.options.readOnly) return;
    if (fileSize(this.files.wal) < checkpointLogSizeFor(this.options)) return;
    try {
      this.checkpoint();
    } catch (error) {
      // The write itself committed (it is in the log and in the guard): it is not reported as failed.
      process.emitWarning(`kgmem: ${errorMessage(error)}`);
    }
  }

  /** Closes the database without any further write; later calls fail with `reason`. */
  abandon(reason: string): void {
    this.broken = reason;
    const { conn, db } = this;
    this.conn = undefined;
    this.db = undefined;
    this.prepared.clear();
    try {
      conn?.closeSync();
      db?.closeSync();
    } catch {
      // Closing is all that is left to do; the guard keeps the data.
    }
  }

  /** Returns what the database freed to the operating system, unless `releaseNativeMemory` is false. */
  private releaseFreedMemory(): void {
    if (this.options.releaseNativeMemory !== false) releaseFreedNativeMemory();
  }

  /**
   * Folds the log in (the next open then replays nothing) and closes, returning once the
   * database has let go of its file (LadybugDB releases it on the event loop after `closeSync`).
   */
  async close(): Promise<void> {
    const { conn, db } = this;
    if (conn && !this.options.readOnly) {
      try {
        this.checkpoint();
      } catch (error) {
        // Every acknowledged write is in the log (and in the guard of a checkpoint cut short).
        process.emitWarning(`kgmem: ${errorMessage(error)}`);
      }
    }
    this.conn = undefined;
    this.db = undefined;
    this.prepared.clear();
    conn?.closeSync();
    db?.closeSync();
    this.releaseFreedMemory();
    if (db && this.files) {
      await lockReleased(this.files.main);
      if (!this.options.readOnly) releaseHolder(this.options.path);
    }
  }
}
