import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Connection, Database, PreparedStatement, QueryResult } from '@ladybugdb/core';
import { ClosedError, CypherError, StoreUnavailableError } from '../../model/errors.js';
import { GraphStore, type Statement, type TimeScope } from '../base.js';
import { snapshotFolder, snapshotPath } from '../cache/snapshot.js';
import {
  ALL_COPIES,
  type CommittedWrite,
  type CopyEffect,
  NO_COPIES,
  touchesSnapshot,
  writeScope,
} from '../cache/write-effects.js';
import { loadCypher, splitStatements } from '../cypher-files.js';
import {
  checkEmbedder,
  DIMENSION_META_KEY,
  EMBEDDER_META_KEY,
  type EmbedderIdentity,
} from '../embedder-identity.js';
import type { Row } from '../rows.js';
import { typedParams } from '../statements.js';
import { type BulkRows, type CopyColumns, copyRows, entitiesWithExtraAliases } from './bulk-copy.js';
import { loadLadybug } from './driver.js';
import { type AffectedUsers, Generations } from './generations.js';
import { recordHolder, releaseHolder } from './holder.js';
import { DEFAULT_BUFFER_POOL, type LadybugStoreOptions, MAX_GROWN_BUFFER_POOL } from './options.js';
import { errorMessage, openError, timeParams, toLadybugValue } from './params.js';
import { drain, execute } from './results.js';
import { decodeVector, encodeVector } from './vector-codec.js';

const SCHEMA_KEY = 'schemaHash';

/** A write that did not fit the buffer pool (rolled back; the connection grows the pool and runs it again). */
class PoolTooSmall extends Error {}

/**
 * The LadybugDB database under {@link RawLadybugStore}: the file and its connection, the schema,
 * the one way anything is written (`commit`, which advances the write generations and tells the
 * store's listeners, a cache, what changed), the buffer pool that grows for a write that does not
 * fit, bulk loads and the embedder record. The reads, searches, write batches and the console
 * are the store's.
 */
export abstract class LadybugConnection extends GraphStore {
  override readonly dialect = 'ladybug';

  /** The database file. */
  get location(): string {
    return this.options.path;
  }
  private db: Database | undefined;
  private conn: Connection | undefined;
  protected dimension = 0;
  private readonly statements = new Map<string, PreparedStatement>();
  // The Entity and FACT tables' property orders, for COPY FROM files (read once).
  private columns: CopyColumns | undefined;
  // The write generations (a database-wide epoch and one per user): every committed write that
  // changes a user's copies advances theirs, so a snapshot taken at one is stale at any other.
  private readonly generations = new Generations((key) => this.metaValue(key));
  // True while commit() runs its body: the only time a statement may write.
  protected committing = false;
  // The buffer pool the database is open with (bytes): grows when a write does not fit.
  private poolSize = DEFAULT_BUFFER_POOL;

  constructor(readonly options: LadybugStoreOptions) {
    super();
  }

  /** The user's write generation: the database's epoch and the user's own, as Meta records them. */
  override async generation(userId: string): Promise<string | undefined> {
    this.connection();
    return this.generations.snapshotKey(userId);
  }

  /** Stored vectors are text (`vector-codec.ts`), of the database's dimension. */
  protected override decodeStoredVector(value: unknown): Float32Array | undefined {
    return decodeVector(value, this.dimension);
  }

  override async open(
    embedder: EmbedderIdentity | number,
    options: { reembedding?: boolean } = {},
  ): Promise<void> {
    const embeddingDimension = typeof embedder === 'number' ? embedder : embedder.dimension;
    if (this.conn) {
      // Already open (a store shared by several memories): the embedders must agree.
      checkEmbedder(`The database at ${this.options.path}`, this.embedderRecord(), embedder);
      return;
    }
    // A missing package is reported as such, before any file is made.
    loadLadybug();
    const path = this.options.path;
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    try {
      this.poolSize = this.options.bufferPoolSize || DEFAULT_BUFFER_POOL;
      this.connect(this.options.bufferPoolSize ?? DEFAULT_BUFFER_POOL);
      execute(this.connection(), 'RETURN 1');
    } catch (error) {
      this.db = undefined;
      this.conn = undefined;
      throw openError(path, error);
    }
    if (!this.options.readOnly) {
      const schema = loadCypher('ladybug', 'schema');
      // Applying the schema costs ~100 ms of every command's start: skipped when this very
      // schema text was applied before (its hash is recorded in Meta).
      const hash = createHash('sha1').update(schema).digest('hex');
      if (this.recordedSchemaHash() !== hash) {
        for (const statement of splitStatements(schema)) execute(this.connection(), statement);
        this.moveLegacyEntityEmbeddings();
        this.setMeta([{ key: SCHEMA_KEY, value: hash }]);
      }
    }
    const recorded = this.embedderRecord();
    if (!options.reembedding) {
      let verdict: 'keep' | 'record';
      try {
        verdict = checkEmbedder(`The database at ${path}`, recorded, embedder);
      } catch (error) {
        await this.close();
        throw error;
      }
      if (!this.options.readOnly) {
        if (verdict === 'record') this.recordEmbedderNow(embedder as EmbedderIdentity);
        else if (recorded.dimension === undefined)
          this.setMeta([{ key: DIMENSION_META_KEY, value: String(embeddingDimension) }]);
      }
    }
    this.dimension = Number(recorded.dimension ?? embeddingDimension);
    if (!this.generations.load() && !this.options.readOnly) this.commit('all', ALL_COPIES, () => {});
    if (!this.options.readOnly && path !== ':memory:') recordHolder(path);
  }

  protected override encodeEmbedding(vector: ArrayLike<number>): unknown {
    return encodeVector(vector);
  }

  override async prepareReembedding(dimension: number): Promise<void> {
    if (dimension === this.dimension) return;
    // Stored vectors are text of any length: only what this process holds is sized by dimension.
    this.dimension = dimension;
    this.commit('all', ALL_COPIES, () => {});
  }

  protected override encodeVector(vector: ArrayLike<number> | undefined): unknown {
    return encodeVector(vector);
  }

  /** Times go to LadybugDB's statements as ISO text. */
  protected override timeParams(time: TimeScope): Record<string, unknown> {
    return timeParams(time);
  }

  protected override async runStatements(
    mode: 'read' | 'write',
    statements: readonly Statement[],
  ): Promise<Row[][]> {
    const results: Row[][] = [];
    const runAll = () => {
      for (const { name, params } of statements) results.push(this.run(name, params));
    };
    if (mode === 'write') {
      const { users, effect } = writeScope(statements);
      this.commit(users, effect, runAll);
    } else runAll();
    return results;
  }

  override async close(): Promise<void> {
    const { conn, db } = this;
    this.conn = undefined;
    this.db = undefined;
    this.statements.clear();
    conn?.closeSync();
    db?.closeSync();
    if (db && !this.options.readOnly && this.options.path !== ':memory:') releaseHolder(this.options.path);
  }

  /** The hash of the schema last applied, or undefined on a new database (no Meta table yet). */
  private recordedSchemaHash(): string | undefined {
    try {
      const value = this.run('meta-get', { key: SCHEMA_KEY })[0]?.value;
      return value === undefined ? undefined : String(value);
    } catch {
      return undefined;
    }
  }

  /** A Meta value, or `undefined` when absent. */
  private metaValue(key: string): string | undefined {
    const value = this.run('meta-get', { key })[0]?.value;
    return value === undefined || value === null ? undefined : String(value);
  }

  /** Writes Meta values that no copy depends on (schema hash, embedder record). */
  private setMeta(rows: readonly { key: string; value: string }[]): void {
    this.commit([], NO_COPIES, () => {
      for (const row of rows) this.run('meta-set', row);
    });
  }

  /**
   * The one way anything is written: runs `body` in a transaction and, in that same transaction,
   * advances the generation of every user whose copies it changes (or the epoch, for `all`).
   * Once committed, those users' saved snapshots are removed from disk (they are stale, and a
   * forgotten fact must not outlive its deletion in a cache file) and the store's listeners are
   * told what changed (`change`: the batch or turn a cache applies to its copies). On failure the
   * transaction is rolled back and nothing is told. A statement that writes outside this is
   * refused ({@link run}), so no write can skip the invalidation.
   */
  protected commit(
    users: AffectedUsers,
    effect: CopyEffect,
    body: () => void,
    change: Pick<CommittedWrite, 'batch' | 'episode'> = {},
  ): void {
    for (;;) {
      try {
        this.commitOnce(users, effect, body, change);
        return;
      } catch (error) {
        if (!(error instanceof PoolTooSmall)) throw error;
        if (!this.growPool())
          throw new StoreUnavailableError(
            `the write did not fit the embedded database's buffer pool (${Math.round(this.poolSize / 2 ** 20)} MiB, the most it grows to), so nothing of it was written: ` +
              'write fewer triples per call, or open with a larger pool (KGMEM_BUFFER_POOL_MB, or store: { ladybug: { path, bufferPoolSize } })',
          );
      }
    }
  }

  /**
   * Reopens the database in place with twice the buffer pool, unless it is at its most
   * (`maxBufferPoolSize`, or the configured pool when that is more): a write that did not fit runs
   * again in the larger one. The in-process copies stay (nothing was written).
   */
  private growPool(): boolean {
    const most = Math.max(
      this.options.maxBufferPoolSize ?? MAX_GROWN_BUFFER_POOL,
      this.options.bufferPoolSize ?? 0,
    );
    if (this.poolSize >= most || this.options.path === ':memory:') return false;
    const next = Math.min(most, this.poolSize * 2);
    this.statements.clear();
    this.conn?.closeSync();
    this.db?.closeSync();
    this.connect(next);
    this.poolSize = next;
    return true;
  }

  /** Opens the database file and its connection with a buffer pool of `poolBytes`. */
  private connect(poolBytes: number): void {
    const lbug = loadLadybug();
    this.db = new lbug.Database(
      this.options.path,
      poolBytes,
      true,
      this.options.readOnly ?? false,
      this.options.maxDbSize ?? 2 ** 38,
    );
    this.conn = new lbug.Connection(this.db);
  }

  private commitOnce(
    users: AffectedUsers,
    effect: CopyEffect,
    body: () => void,
    change: Pick<CommittedWrite, 'batch' | 'episode'>,
  ): void {
    if (this.committing) throw new Error('LadybugStore: internal error, a commit inside a commit');
    const conn = this.connection();
    const stale = touchesSnapshot(effect);
    const before =
      stale && users !== 'all' ? new Map(users.map((u) => [u, this.generations.snapshotKey(u)])) : undefined;
    const generations = stale ? this.generations.advance(users) : [];
    execute(conn, 'BEGIN TRANSACTION');
    this.committing = true;
    try {
      body();
      for (const row of generations) this.run('meta-set', row);
      execute(conn, 'COMMIT');
    } catch (error) {
      try {
        execute(conn, 'ROLLBACK');
      } catch {
        // Ladybug already rolled back the transaction that failed.
      }
      if (/buffer pool is full/i.test(errorMessage(error))) throw new PoolTooSmall();
      throw error;
    } finally {
      this.committing = false;
    }
    this.generations.settle(generations);
    if (!stale) return;
    this.removeSnapshots(users);
    const moved = before
      ? new Map([...before].map(([u, was]) => [u, { before: was, after: this.generations.snapshotKey(u) }]))
      : undefined;
    this.committed({ users, effect, ...change, ...(moved ? { generations: moved } : {}) });
  }

  /**
   * Removes the saved snapshots of some users (or all) beside the database: stale once they
   * wrote, whichever process (cached or not) wrote.
   */
  private removeSnapshots(users: AffectedUsers): void {
    const path = this.options.path;
    if (path === ':memory:') return;
    if (users === 'all') rmSync(snapshotFolder(path), { recursive: true, force: true });
    else for (const userId of users) rmSync(snapshotPath(path, userId), { force: true });
  }

  /**
   * Creates a bulk write's new entities, keys and facts through `COPY FROM` files (see
   * {@link copyRows}), then what the files cannot say: extra aliases and empty values.
   */
  protected copyBulk(rows: BulkRows): void {
    this.columns ??= { Entity: this.tableColumns('Entity'), FACT: this.tableColumns('FACT') };
    copyRows(this.connection(), rows, this.columns);
    const extra = entitiesWithExtraAliases(rows.entities);
    if (extra.length > 0) {
      this.run('entities-set-aliases', {
        userId: rows.userId,
        rows: extra.map((e) => ({ uid: e.uid, aliases: e.aliases })),
      });
    }
    if (rows.entities.some((e) => e.type === '' || e.summary === ''))
      this.run('entities-fill-empty', { userId: rows.userId });
    if (rows.facts.some((f) => !f.vector)) this.run('facts-fill-empty', { userId: rows.userId });
  }

  /** A table's property names in their stored order. */
  private tableColumns(table: 'Entity' | 'FACT'): string[] {
    // The table name is one of two constants (CALL takes no parameter for it).
    return drain(this.connection().querySync(`CALL table_info('${table}') RETURN name`)).map((r) =>
      String(r.name),
    );
  }

  /**
   * Moves entity embeddings of a database written before they were stored as text (a FLOAT[]
   * column `embedding`) into `vector` and drops the old column, in one transaction: run once, when
   * the schema is applied to such a database.
   */
  private moveLegacyEntityEmbeddings(): void {
    if (!this.tableColumns('Entity').includes('embedding')) return;
    this.commit('all', ALL_COPIES, () => {
      const byUser = new Map<string, { uid: string; embedding: string }[]>();
      for (const row of this.run('entity-embeddings-legacy', {})) {
        if (!Array.isArray(row.embedding)) continue;
        const userId = String(row.userId);
        const rows = byUser.get(userId) ?? [];
        rows.push({ uid: String(row.uid), embedding: encodeVector(row.embedding as number[]) });
        byUser.set(userId, rows);
      }
      for (const [userId, rows] of byUser) this.run('entities-set-embeddings', { userId, rows });
    });
    // The column is dropped between checkpoints: LadybugDB crashes on close when one column's
    // values changed and another column was dropped since the last checkpoint.
    execute(this.connection(), 'CHECKPOINT');
    execute(this.connection(), loadCypher('ladybug', 'entity-embedding-legacy-drop'));
    execute(this.connection(), 'CHECKPOINT');
    this.statements.clear();
    this.columns = undefined;
  }

  /** Records the embedder the database's vectors come from (on first open, and by `kgmem reembed`). */
  override async recordEmbedder(identity: EmbedderIdentity): Promise<void> {
    this.recordEmbedderNow(identity);
  }

  private recordEmbedderNow(identity: EmbedderIdentity): void {
    this.setMeta([
      { key: EMBEDDER_META_KEY, value: JSON.stringify(identity) },
      { key: DIMENSION_META_KEY, value: String(identity.dimension) },
    ]);
    this.dimension = identity.dimension;
  }

  private embedderRecord(): { identity: string | undefined; dimension: string | undefined } {
    return { identity: this.metaValue(EMBEDDER_META_KEY), dimension: this.metaValue(DIMENSION_META_KEY) };
  }

  protected connection(): Connection {
    if (!this.conn)
      throw new ClosedError('LadybugStore: the store is closed (or was never opened); call open() first');
    return this.conn;
  }

  protected run(name: string, params: Record<string, unknown>): Row[] {
    for (;;) {
      try {
        return this.runOnce(name, params);
      } catch (error) {
        // A read too big for the pool (every row of a very large user) grows it and reads again;
        // inside a transaction, commit() rolls back, grows it and runs the whole write again.
        if (this.committing || !/buffer pool is full/i.test(errorMessage(error)) || !this.growPool())
          throw error;
      }
    }
  }

  private runOnce(name: string, params: Record<string, unknown>): Row[] {
    const conn = this.connection();
    let prepared = this.statements.get(name);
    if (!prepared) {
      prepared = conn.prepareSync(loadCypher('ladybug', name));
      if (!prepared.isSuccess()) {
        throw new CypherError(`cypher/ladybug/${name}.cypher: ${prepared.getErrorMessage()}`);
      }
      this.statements.set(name, prepared);
    }
    if (!this.committing && !prepared.isReadOnly()) {
      throw new Error(
        `LadybugStore: internal error, cypher/ladybug/${name}.cypher writes outside commit() (its copies would go stale)`,
      );
    }
    let result: QueryResult | QueryResult[];
    try {
      result = conn.executeSync(prepared, typedParams(name, params, toLadybugValue) as never);
    } catch (error) {
      throw new CypherError(`cypher/ladybug/${name}.cypher: ${errorMessage(error)}`);
    }
    return drain(result);
  }
}
