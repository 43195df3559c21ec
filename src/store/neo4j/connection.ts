import { randomUUID } from 'node:crypto';
import neo4j, { type BookmarkManager, type Driver, type ManagedTransaction } from 'neo4j-driver';
import { ClosedError } from '../../model/errors.js';
import {
  GraphStore,
  type PlannedWrite,
  type PlanningReads,
  type RestoreBatch,
  type RestoreReads,
  type Statement,
  type WriteBatch,
} from '../base.js';
import { ALL_COPIES, writeScope } from '../cache/write-effects.js';
import { fillIntegerPlaceholders, loadCypher, splitStatements } from '../cypher-files.js';
import {
  checkEmbedder,
  DIMENSION_META_KEY,
  EMBEDDER_META_KEY,
  type EmbedderIdentity,
} from '../embedder-identity.js';
import type { Row } from '../rows.js';
import { applyBatch, runIn, storableVector, withUserKey } from './batch.js';
import { Neo4jConsole } from './console.js';
import { connectionError, identityRecord, isConstraintRace, isSchemaRace } from './failures.js';
import { EPOCH_META_KEY, generationOf, generationsMoved } from './generation.js';
import { migrate, type Neo4jMigrationHost } from './migrations.js';
import type { Neo4jStoreOptions } from './options.js';
import { fromNeo4j, toNeo4jParams } from './values.js';

// How often a write is planned again after a uniqueness race with another writer.
const CONSTRAINT_RETRIES = 3;

/**
 * The Neo4j connection under {@link Neo4jStore}: the driver and its sessions, the schema and its
 * migrations, named statements in managed transactions, writes planned in the user's locked
 * transaction, and the console. The reads and searches are the store's.
 */
export abstract class Neo4jConnection extends GraphStore {
  override readonly dialect = 'neo4j';

  /** The server's address (and database, when one is named). */
  get location(): string {
    return this.options.database
      ? `${this.options.uri}, database ${this.options.database}`
      : this.options.uri;
  }
  // facts-create takes every time and provenance per row already.
  protected override readonly factsRestoreStatement = 'facts-create';
  private driver: Driver | undefined;
  private bookmarks: BookmarkManager | undefined;
  private embedder: EmbedderIdentity | number = 0;
  /** Indexes and constraints this store created and retired since it was made (open included). */
  readonly schemaChanges = { added: 0, removed: 0 };

  protected override readonly console = new Neo4jConsole(
    (mode) => this.connected().session(this.sessionConfig(mode)),
    () => this.consoleWrote(),
  );

  constructor(readonly options: Neo4jStoreOptions) {
    super();
  }

  override async open(
    embedder: EmbedderIdentity | number,
    options: { reembedding?: boolean } = {},
  ): Promise<void> {
    const dimension = typeof embedder === 'number' ? embedder : embedder.dimension;
    if (this.driver) {
      checkEmbedder(`The Neo4j database at ${this.options.uri}`, identityRecord(this.embedder), embedder);
      return;
    }
    const driver = neo4j.driver(
      this.options.uri,
      neo4j.auth.basic(this.options.user, this.options.password),
      {
        disableLosslessIntegers: true,
        userAgent: 'kgmem',
      },
    );
    try {
      await driver.verifyConnectivity(this.options.database ? { database: this.options.database } : {});
    } catch (error) {
      await driver.close();
      throw connectionError(this.options, error);
    }
    this.driver = driver;
    this.bookmarks = neo4j.bookmarkManager();
    try {
      await this.applySchema(dimension);
      if (!options.reembedding) {
        const recorded = {
          identity: await this.meta(EMBEDDER_META_KEY),
          dimension: await this.meta(DIMENSION_META_KEY),
        };
        if (checkEmbedder(`The Neo4j database at ${this.options.uri}`, recorded, embedder) === 'record')
          await this.recordEmbedder(embedder as EmbedderIdentity);
        else if (recorded.dimension === undefined)
          await this.writeRows('meta-set', { key: DIMENSION_META_KEY, value: String(dimension) });
      }
      await migrate(this.migrationHost());
    } catch (error) {
      await this.close();
      throw error;
    }
    this.embedder = embedder;
  }

  protected override encodeVector(vector: ArrayLike<number> | undefined): unknown {
    return storableVector(vector);
  }

  protected override encodeEmbedding(vector: ArrayLike<number>): unknown {
    return storableVector(vector);
  }

  override async prepareReembedding(dimension: number): Promise<void> {
    const recorded = Number(await this.meta(DIMENSION_META_KEY));
    if (recorded === dimension) return;
    for (const statement of splitStatements(loadCypher('neo4j', 'vector-indexes-drop')))
      await this.autoCommit(statement);
    await this.applySchema(dimension);
  }

  override async recordEmbedder(identity: EmbedderIdentity): Promise<void> {
    await super.recordEmbedder(identity);
    this.embedder = identity;
  }

  /**
   * Applies `schema.cypher` (constraints, indexes, vector and full-text indexes; every statement
   * idempotent) and waits until every index is online (`db.awaitIndexes`), so the first search
   * finds what was written before. Says what it changed: nothing, on a database that has them.
   */
  async applySchema(embeddingDimension: number): Promise<{ added: number; removed: number }> {
    const schema = fillIntegerPlaceholders(loadCypher('neo4j', 'schema'), { embeddingDimension });
    const changes = { added: 0, removed: 0 };
    const total = this.schemaChanges;
    // Schema commands cannot share a transaction with anything else: one auto-commit each.
    for (const statement of splitStatements(schema)) {
      let result: { summary: { counters: { updates(): Record<string, number> } } };
      try {
        result = (await this.autoCommit(statement)) as typeof result;
      } catch (error) {
        // Two processes opening at once both create what is missing; the server refuses the
        // second creation of the same index (IF NOT EXISTS is checked before either commits).
        if (isSchemaRace(error)) continue;
        throw error;
      }
      const updates = result.summary.counters.updates();
      changes.added += (updates.indexesAdded ?? 0) + (updates.constraintsAdded ?? 0);
      changes.removed += (updates.indexesRemoved ?? 0) + (updates.constraintsRemoved ?? 0);
    }
    total.added += changes.added;
    total.removed += changes.removed;
    await this.autoCommit(loadCypher('neo4j', 'await-indexes'), 'await-indexes', { timeoutSeconds: 300 });
    return changes;
  }

  /** What the one-time migrations (`migrations.ts`) use of this connection. */
  private migrationHost(): Neo4jMigrationHost {
    return {
      location: `the Neo4j database at ${this.options.uri}`,
      meta: (key) => this.meta(key),
      readRows: (name, params) => this.readRows(name, params),
      writeRows: (name, params) => this.writeRows(name, params),
      write: async (statements) => {
        await this.runStatements('write', statements);
      },
      users: () => this.users(),
      entities: (userId) => this.listEntities(userId, Number.MAX_SAFE_INTEGER),
    };
  }

  private async meta(key: string): Promise<string | undefined> {
    const value = (await this.readRows('meta-get', { key }))[0]?.value;
    return value === undefined || value === null ? undefined : String(value);
  }

  override async write(batch: WriteBatch): Promise<void> {
    await this.writePlanned(batch.userId, async () => ({ batch, result: undefined }));
  }

  /**
   * One transaction per write: the user's lock first (`user-lock`), then the plan's reads through
   * this same transaction, then the batch. Writes of one user from any number of processes thus
   * happen one after another, each planned from what the one before committed. The driver runs
   * the whole function again on transient errors; a uniqueness race with a writer that created
   * the user or a key first is planned again too, re-reading inside the new transaction.
   */
  override async writePlanned<T>(
    userId: string,
    plan: (reads: PlanningReads) => Promise<PlannedWrite<T>>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        let written: { batch: WriteBatch | null | undefined; lock: Row | undefined } = {
          batch: undefined,
          lock: undefined,
        };
        const result = await this.session('WRITE', (session) =>
          session.executeWrite(async (tx) => {
            const [lock] = await runIn(tx, 'user-lock', { userId, at: new Date() });
            const { batch, result } = await plan(this.inTransaction(tx));
            if (batch) await applyBatch(tx, batch);
            // The attempt that commits is the last one run.
            written = { batch, lock };
            return result;
          }),
        );
        this.committed({
          users: [userId],
          effect: ALL_COPIES,
          ...(written.batch ? { batch: written.batch } : {}),
          generations: generationsMoved([[userId, written.lock]]),
        });
        return result;
      } catch (error) {
        if (attempt >= CONSTRAINT_RETRIES || !isConstraintRace(error)) throw error;
      }
    }
  }

  /** A restore planned and written in one transaction, after the user's lock (as a write). */
  override async restore(
    userId: string,
    plan: (reads: RestoreReads) => Promise<RestoreBatch>,
  ): Promise<void> {
    await this.session('WRITE', (session) =>
      session.executeWrite(async (tx) => {
        await runIn(tx, 'user-lock', { userId, at: new Date() });
        const batch = await plan(this.inTransaction(tx) as unknown as RestoreReads);
        for (const { name, params } of this.restoreStatements(userId, batch)) await runIn(tx, name, params);
      }),
    );
    this.committed({ users: [userId], effect: ALL_COPIES });
  }

  /** This store with every statement run in `tx` (the planning reads of a write). */
  private inTransaction(tx: ManagedTransaction): PlanningReads {
    const view = Object.create(this) as Neo4jConnection;
    Object.defineProperty(view, 'runStatements', {
      value: async (_mode: 'read' | 'write', statements: readonly Statement[]) => {
        const results: Row[][] = [];
        for (const { name, params } of statements) results.push(await runIn(tx, name, params));
        return results;
      },
    });
    return view;
  }

  /**
   * Deletes every kgmem node (tests, `kgmem schema reset`), in transactions the server commits as
   * it goes (a database of any size fits its transaction memory), and drops the vector indexes:
   * the embedder record goes with the data, so the next open creates them again at its own
   * embedder's dimension.
   */
  async clearAll(): Promise<void> {
    // CALL … IN TRANSACTIONS runs only outside a managed transaction.
    for (const statement of splitStatements(loadCypher('neo4j', 'clear-all')))
      await this.autoCommit(statement);
    for (const statement of splitStatements(loadCypher('neo4j', 'vector-indexes-drop')))
      await this.autoCommit(statement);
    this.committed({ users: 'all', effect: ALL_COPIES });
  }

  /**
   * A user's write generation: the database's epoch (moved by hand-written writes) and the user's
   * write count (moved by every write of the user, in any process); `none` for no such user.
   */
  override async generation(userId: string): Promise<string | undefined> {
    const [row] = await this.readRows('user-generation', { userId });
    return row ? generationOf(row) : 'none';
  }

  /**
   * After a hand-written write from the console: it may have changed any user, so the database's
   * epoch moves (every process's copies are then stale) and this store's listeners are told.
   */
  private async consoleWrote(): Promise<void> {
    await this.runStatements('write', [
      { name: 'meta-set', params: { key: EPOCH_META_KEY, value: randomUUID() } },
    ]);
    this.committed({ users: 'all', effect: ALL_COPIES });
  }

  override async close(): Promise<void> {
    const driver = this.driver;
    this.driver = undefined;
    this.bookmarks = undefined;
    await driver?.close();
  }

  private connected(): Driver {
    if (!this.driver)
      throw new ClosedError('Neo4jStore: the store is closed (or was never opened); call open() first');
    return this.driver;
  }

  private sessionConfig(mode: 'READ' | 'WRITE') {
    return {
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
      ...(this.bookmarks ? { bookmarkManager: this.bookmarks } : {}),
      ...(this.options.database ? { database: this.options.database } : {}),
    };
  }

  private async session<T>(
    mode: 'READ' | 'WRITE',
    body: (session: ReturnType<Driver['session']>) => Promise<T>,
  ): Promise<T> {
    const session = this.connected().session(this.sessionConfig(mode));
    try {
      return await body(session);
    } finally {
      await session.close();
    }
  }

  protected override runStatements(
    mode: 'read' | 'write',
    statements: readonly Statement[],
  ): Promise<Row[][]> {
    if (mode === 'write') return this.runWrites(statements);
    // One read (most of a recall's) goes through the driver's executeQuery: the same retried,
    // bookmarked read transaction with one round trip less than a session's executeRead
    // (0.9 against 1.4 ms for a trivial statement here).
    const [single] = statements;
    if (mode === 'read' && single && statements.length === 1) return this.readOne(single.name, single.params);
    const work = async (tx: ManagedTransaction) => {
      const results: Row[][] = [];
      for (const { name, params } of statements) results.push(await runIn(tx, name, params));
      return results;
    };
    return mode === 'read'
      ? this.session('READ', (session) => session.executeRead(work))
      : this.session('WRITE', (session) => session.executeWrite(work));
  }

  /**
   * Named write statements in one transaction, each user whose data they change counted a write
   * in it (`user-writes-bump`), and the store's listeners told once it committed.
   */
  private async runWrites(statements: readonly Statement[]): Promise<Row[][]> {
    this.forgetUserCaches(statements);
    const { users, effect } = writeScope(statements);
    const counted = effect.size === 0 || users === 'all' ? [] : [...new Set(users)];
    const results = await this.session('WRITE', (session) =>
      session.executeWrite(async (tx) => {
        const rows: Row[][] = [];
        for (const { name, params } of [
          ...statements,
          ...counted.map((userId) => ({ name: 'user-writes-bump', params: { userId } })),
        ])
          rows.push(await runIn(tx, name, params));
        return rows;
      }),
    );
    if (effect.size > 0) {
      const bumps = results.slice(statements.length);
      this.committed({
        users,
        effect,
        ...(users === 'all'
          ? {}
          : { generations: generationsMoved(counted.map((u, i) => [u, bumps[i]?.[0]])) }),
      });
    }
    return results.slice(0, statements.length);
  }

  private async readOne(name: string, params: Record<string, unknown>): Promise<Row[][]> {
    const result = await this.connected().executeQuery(
      loadCypher('neo4j', name),
      toNeo4jParams(name, withUserKey(name, params)),
      {
        routing: neo4j.routing.READ,
        ...(this.bookmarks ? { bookmarkManager: this.bookmarks } : {}),
        ...(this.options.database ? { database: this.options.database } : {}),
      },
    );
    return [result.records.map((record) => fromNeo4j(record.toObject()) as Row)];
  }

  /** Runs a statement outside a managed transaction (schema commands); `name` declares its parameters. */
  private autoCommit(
    statement: string,
    name?: string,
    params: Record<string, unknown> = {},
  ): Promise<unknown> {
    const typed = name ? toNeo4jParams(name, params) : {};
    return this.session('WRITE', (session) => session.run(statement, typed));
  }

  /** Drops what a subclass keeps of the users a write touches (every user's on a write without one). */
  protected forgetUserCaches(_statements: readonly { params?: Record<string, unknown> }[]): void {}
}
