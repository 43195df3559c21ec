import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Connection } from '@ladybugdb/core';
import { DatabaseRecoveryError } from '../../model/errors.js';
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
import { loadCypher } from '../cypher-files.js';
import {
  checkEmbedder,
  DIMENSION_META_KEY,
  EMBEDDER_META_KEY,
  type EmbedderIdentity,
} from '../embedder-identity.js';
import { rekeyingNotice } from '../rekey.js';
import type { Row } from '../rows.js';
import { CommitMark, commitMarkPath, readCommitMark } from './commit-mark.js';
import { DatabaseFile, PoolExhausted } from './database-file.js';
import { type AffectedUsers, Generations } from './generations.js';
import { recordHolder } from './holder.js';
import { applySchema, type MigrationHost } from './migrations.js';
import type { LadybugStoreOptions } from './options.js';
import { timeParams } from './params.js';
import { decodeVector, encodeVector } from './vector-codec.js';

const SCHEMA_KEY = 'schemaHash';
/** The Meta key of the count of committed writes (see {@link CommitMark}). */
const COMMITS_KEY = 'commits';

/**
 * The LadybugDB database under {@link RawLadybugStore}, as kgmem uses it: the schema, the one way
 * anything is written (`commit`, which advances the write generations and the count of writes,
 * and tells the store's listeners, a cache, what changed), and the embedder record. The file,
 * its connection and its crash-safe checkpoints are `DatabaseFile`'s; the reads, searches,
 * write batches and the console are the store's.
 */
export abstract class LadybugConnection extends GraphStore {
  override readonly dialect = 'ladybug';

  /** The database file. */
  get location(): string {
    return this.options.path;
  }
  protected dimension = 0;
  // The open database file (connection, prepared statements, checkpoints).
  private readonly file: DatabaseFile;
  // The write generations (a database-wide epoch and one per user): every committed write that
  // changes a user's copies advances theirs, so a snapshot taken at one is stale at any other.
  private readonly generations = new Generations((key) => this.metaValue(key));
  // True while commit() runs its body: the only time a statement may write.
  protected committing = false;
  // Committed writes so far (Meta `commits`), and where the last acknowledged one is recorded.
  private commits = 0;
  private readonly mark: CommitMark | undefined;

  constructor(readonly options: LadybugStoreOptions) {
    super();
    this.file = new DatabaseFile(options);
    if (options.path !== ':memory:' && !options.readOnly)
      this.mark = new CommitMark(commitMarkPath(options.path));
  }

  /** The user's write generation: the database's epoch and the user's own, as Meta records them. */
  override async generation(userId: string): Promise<string | undefined> {
    for (let wait = this.busy(); wait; wait = this.busy()) await wait;
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
    if (this.file.isOpen) {
      // Already open (a store shared by several memories): the embedders must agree.
      checkEmbedder(`The database at ${this.options.path}`, this.embedderRecord(), embedder);
      return;
    }
    const path = this.options.path;
    this.file.open();
    this.commits = this.recordedCommits();
    this.checkAcknowledgedWrites();
    if (!this.options.readOnly) {
      const schema = loadCypher('ladybug', 'schema');
      // Applying the schema costs ~100 ms of every command's start: skipped when this very
      // schema text was applied before (its hash is recorded in Meta).
      const hash = createHash('sha1').update(schema).digest('hex');
      if (this.recordedSchemaHash() !== hash) {
        const rekeyed = applySchema(this.migrationHost());
        this.setMeta([{ key: SCHEMA_KEY, value: hash }]);
        const notice = rekeyingNotice(`the database at ${path}`, rekeyed);
        if (notice) process.stderr.write(notice);
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

  /**
   * Refuses a database that holds fewer writes than were acknowledged from it (its log was
   * removed, or the file replaced by an older copy): writing on would bury the loss.
   */
  private checkAcknowledgedWrites(): void {
    if (!this.file.files || this.options.readOnly) return;
    const acknowledged = readCommitMark(this.options.path);
    if (acknowledged === undefined || this.commits >= acknowledged) return;
    const holds = this.commits;
    this.file.abandon('the database holds fewer writes than were acknowledged from it');
    throw new DatabaseRecoveryError(
      `The kgmem database ${this.options.path} holds ${holds} writes, but ${acknowledged} were acknowledged from it ` +
        `(recorded in ${commitMarkPath(this.options.path)}): its log was lost or the file was replaced by an older copy. ` +
        'Nothing was changed. Run `kgmem doctor` to see what it holds; if you replaced the file on purpose, ' +
        `remove ${commitMarkPath(this.options.path)} and open it again.`,
    );
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
    return this.growing(() => {
      const results: Row[][] = [];
      const runAll = () => {
        for (const { name, params } of statements) results.push(this.run(name, params));
      };
      if (mode === 'write') {
        const { users, effect } = writeScope(statements);
        this.commit(users, effect, runAll);
      } else runAll();
      return results;
    });
  }

  /**
   * Runs `work` (reads, or one write in {@link commit}) once the database is not being reopened;
   * work that did not fit the buffer pool even after a checkpoint runs again in a larger pool
   * (`DatabaseFile.grow`). `work` must be safe to run again: a write is rolled back whole.
   */
  protected async growing<T>(work: () => T): Promise<T> {
    for (;;) {
      // Checked again after every wait, so that the work runs in the turn the check passed.
      for (let wait = this.busy(); wait; wait = this.busy()) await wait;
      try {
        return work();
      } catch (error) {
        if (!(error instanceof PoolExhausted)) throw error;
        if (!(await this.file.grow())) throw error.error;
      }
    }
  }

  /**
   * What to wait for before using the connection: a reopen in progress, or the one the last
   * checkpoint asked for (the database held more native memory than `nativeMemoryLimit` allows,
   * which a reopen frees); undefined when the connection can be used now. Synchronous work runs
   * right after an undefined answer, in the same turn (an await in between could let a reopen in).
   */
  protected busy(): Promise<void> | undefined {
    if (this.file.pendingReopen) return this.file.pendingReopen;
    if (this.file.wantsReopen && !this.committing) return this.file.reopenToRelease();
    return undefined;
  }

  override async close(): Promise<void> {
    await this.file.close();
    this.mark?.close();
  }

  /**
   * Folds the log of committed writes into the main file behind a crash guard (see
   * `DatabaseFile.checkpoint`); with no transaction open.
   */
  checkpoint(): void {
    if (this.committing) throw new Error('LadybugStore: internal error, a checkpoint inside a commit');
    this.file.checkpoint();
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

  /** The count of committed writes the database holds, 0 on a new database (no Meta table yet). */
  private recordedCommits(): number {
    try {
      return Number(this.metaValue(COMMITS_KEY) ?? 0) || 0;
    } catch {
      return 0;
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
    this.file.withPoolRoom('write', () => this.commitOnce(users, effect, body, change));
    this.mark?.record(this.commits);
    this.file.checkpointIfLogGrew();
  }

  /**
   * Triples per transaction that fit well inside the buffer pool: a transaction's rows stay in
   * the pool until it commits (and its log's pages until the next checkpoint). About 6 KiB per
   * triple besides its vectors (two new entities, their keys and the fact, measured: 128 MiB takes
   * ~22,000 such triples with the offline embedder), plus three vectors stored dense; a third of
   * the pool for one transaction leaves room for the log and for reads.
   */
  override triplesPerTransaction(dimension: number): number {
    const pool = this.file.poolSize;
    const perTriple = 6 * 2 ** 10 + 3 * Math.ceil((dimension * 4 * 4) / 3);
    return Math.max(100, Math.floor(pool / 3 / perTriple));
  }

  private commitOnce(
    users: AffectedUsers,
    effect: CopyEffect,
    body: () => void,
    change: Pick<CommittedWrite, 'batch' | 'episode'>,
  ): void {
    if (this.committing) throw new Error('LadybugStore: internal error, a commit inside a commit');
    const stale = touchesSnapshot(effect);
    const before =
      stale && users !== 'all' ? new Map(users.map((u) => [u, this.generations.snapshotKey(u)])) : undefined;
    const generations = stale ? this.generations.advance(users) : [];
    const commits = this.commits + 1;
    this.file.execute('BEGIN TRANSACTION');
    this.committing = true;
    try {
      body();
      for (const row of generations) this.run('meta-set', row);
      this.run('meta-set', { key: COMMITS_KEY, value: String(commits) });
      this.file.execute('COMMIT');
    } catch (error) {
      try {
        this.file.execute('ROLLBACK');
      } catch {
        // Ladybug already rolled back the transaction that failed.
      }
      throw error;
    } finally {
      this.committing = false;
    }
    this.commits = commits;
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

  /** What the schema migrations use of this database (`migrations.ts`). */
  private migrationHost(): MigrationHost {
    return {
      execute: (statement) => this.file.execute(statement),
      run: (name, params) => this.run(name, params),
      commitAll: (body) => this.commit('all', ALL_COPIES, body),
      checkpoint: () => this.checkpoint(),
      tableColumns: (table) => this.file.tableColumns(table),
      forgetPrepared: () => this.file.forgetPrepared(),
    };
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

  /** The open connection to the database file (for a subclass's own statements). */
  protected connection(): Connection {
    return this.file.connection();
  }

  /** Runs one named statement on the open connection, inside the commit in progress. */
  protected run(name: string, params: Record<string, unknown>): Row[] {
    // Inside a transaction, commit() rolls the whole write back and decides.
    if (this.committing) return this.file.run(name, params, true);
    return this.file.withPoolRoom('read', () => this.file.run(name, params, false));
  }
}
