import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Connection, Database, PreparedStatement, QueryResult } from '@ladybugdb/core';
import { episodeText } from '../../model/episode-text.js';
import {
  ClosedError,
  CypherError,
  StatementNotAllowedError,
  StoreUnavailableError,
} from '../../model/errors.js';
import type { Entity, Episode, Fact } from '../../model/types.js';
import {
  type CypherOptions,
  type CypherResult,
  type EpisodeHits,
  type EpisodeQuery,
  type FactTimelineRef,
  GraphStore,
  type MissingVectors,
  type ScoredEntity,
  type Statement,
  type TimeScope,
  type WriteBatch,
} from '../base.js';
import { capPerEntity } from '../cap.js';
import { loadCypher, splitStatements } from '../cypher-files.js';
import {
  checkEmbedder,
  DIMENSION_META_KEY,
  EMBEDDER_META_KEY,
  type EmbedderIdentity,
} from '../embedder-identity.js';
import { type NameMatch, rankNames } from '../name-search.js';
import { fullObservations, storedObservations } from '../observations.js';
import type { PlanSummary } from '../read-policy/policy.js';
import { entityFromRow, entityKeyId, episodeFromRow, factFromRow, type Row } from '../rows.js';
import { typedParams } from '../statements.js';
import { type BulkRows, type CopyColumns, canCopy, copyRows, entitiesWithExtraAliases } from './bulk-copy.js';
import { UserCopies } from './copies.js';
import { DEFAULT_BUFFER_POOL, type LadybugStoreOptions, MAX_GROWN_BUFFER_POOL } from './options.js';

export {
  DEFAULT_BUFFER_POOL,
  DEFAULT_CACHE_LIMIT,
  type LadybugStoreOptions,
  MAX_GROWN_BUFFER_POOL,
} from './options.js';

import { loadLadybug } from './driver.js';
import { type AffectedUsers, Generations } from './generations.js';
import { recordHolder, releaseHolder } from './holder.js';
import {
  errorMessage,
  groupFacts,
  keyParams,
  openError,
  plainValue,
  timeParams,
  toLadybugValue,
} from './params.js';
import { ladybugPlanSummary } from './plan.js';
import { drain, execute } from './results.js';
import { encodeVector } from './vector-codec.js';
import { UserVectorIndex } from './vector-index.js';
import { ALL_COPIES, type CopyEffect, NO_COPIES, touchesSnapshot, writeScope } from './write-effects.js';

const SCHEMA_KEY = 'schemaHash';

/** A write that did not fit the buffer pool (rolled back; {@link LadybugStore} grows the pool and runs it again). */
class PoolTooSmall extends Error {}
// Up to this many rows, updates of existing facts run as single-row statements.
const SINGLE_ROW_LIMIT = 16;

/**
 * The embedded default backend: a LadybugDB database file, in process, no server. Statements
 * come from `cypher/ladybug/*.cypher`; every value is a query parameter. Queries run through
 * the driver's synchronous API: for the short, index-driven statements kgmem runs it is an
 * order of magnitude faster than the asynchronous one, and it makes each write batch atomic
 * with respect to the event loop.
 */
export class LadybugStore extends GraphStore {
  override readonly backend = 'ladybug';
  override readonly dialect = 'ladybug';

  /** The database file. */
  get location(): string {
    return this.options.path;
  }
  private db: Database | undefined;
  private conn: Connection | undefined;
  private dimension = 0;
  private readonly statements = new Map<string, PreparedStatement>();
  // The Entity and FACT tables' property orders, for COPY FROM files (read once).
  private columns: CopyColumns | undefined;
  // The write generations (a database-wide epoch and one per user): every committed write that
  // changes a user's copies advances theirs, so a snapshot taken at one is stale at any other.
  private readonly generations = new Generations((key) => this.metaValue(key));
  // True while commit() runs its body: the only time a statement may write.
  private committing = false;
  // The buffer pool the database is open with (bytes): grows when a write does not fit.
  private poolSize = DEFAULT_BUFFER_POOL;

  /** The in-process copies of the users' data, and their snapshots. */
  private readonly copies: UserCopies;

  constructor(readonly options: LadybugStoreOptions) {
    super();
    this.copies = new UserCopies(options, {
      read: (name, params) => this.run(name, params),
      committing: () => this.committing,
      snapshotKey: (userId) => this.generations.snapshotKey(userId),
      dimension: () => this.dimension,
    });
  }

  /**
   * The users whose copies this process holds (least recently used first) and their approximate
   * bytes: what `cacheLimit` bounds.
   */
  cachedUsers(): { users: string[]; bytes: number } {
    return this.copies.cachedUsers();
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

  override async write(batch: WriteBatch): Promise<void> {
    this.commit(
      [batch.userId],
      ALL_COPIES,
      () => this.writeBatchRows(batch),
      () => this.applyToCopies(batch),
    );
  }

  /** The statements of one write batch, inside its commit. */
  private writeBatchRows(batch: WriteBatch): void {
    const { userId } = batch;
    this.run('user-merge', { userId, at: batch.at.toISOString() });
    const bulk = { userId, at: batch.at, entities: batch.entities, keys: batch.keys, facts: batch.facts };
    const copied = canCopy(bulk, this.options.copyThreshold);
    if (copied) this.copyBulk(bulk);
    else {
      if (batch.entities.length > 0) {
        this.run('entities-create', {
          userId,
          at: batch.at.toISOString(),
          rows: batch.entities.map((e) => ({
            uid: e.uid,
            key: e.key,
            name: e.name,
            type: e.type,
            summary: e.summary,
            // Passed as text and cast in the database: converting a JS number array element by
            // element through the driver is ~10x slower; 6 significant digits (float32 keeps ~7)
            // make the text, and its parsing, about 3x shorter.
            embedding: encodeVector(e.embedding),
            mentions: e.mentions,
          })),
        });
        const extraAliases = batch.entities.filter((e) => e.aliases.length !== 1 || e.aliases[0] !== e.key);
        if (extraAliases.length > 0) {
          this.run('entities-set-aliases', {
            userId,
            rows: extraAliases.map((e) => ({ uid: e.uid, aliases: e.aliases })),
          });
        }
        this.run('entity-keys-create', {
          userId,
          rows: batch.entities.flatMap((e) =>
            e.aliases.map((key) => ({ id: entityKeyId(userId, key), key, entityUid: e.uid })),
          ),
        });
      }
      if (batch.keys.length > 0) {
        this.run('entity-keys-create', {
          userId,
          rows: batch.keys.map((k) => ({
            id: entityKeyId(userId, k.key),
            key: k.key,
            entityUid: k.entityUid,
          })),
        });
      }
    }
    if (batch.touches.length > 0) {
      this.run('entities-touch', {
        userId,
        at: batch.at.toISOString(),
        rows: batch.touches.map((t) => ({ uid: t.uid, mentions: t.mentions, type: t.type })),
      });
      const renamed = batch.touches.filter((t) => t.aliasesChanged);
      if (renamed.length > 0) {
        this.run('entities-set-aliases', {
          userId,
          rows: renamed.map((t) => ({ uid: t.uid, aliases: t.aliases })),
        });
      }
    }
    if (!copied) {
      for (const group of groupFacts(batch.facts)) {
        const [first] = group;
        if (!first) continue;
        this.run('facts-create', {
          userId,
          validFrom: first.validFrom.toISOString(),
          createdAt: first.createdAt.toISOString(),
          episodeIds: first.episodeIds,
          rows: group.map((f) => ({
            uid: f.uid,
            subjectUid: f.subjectUid,
            objectUid: f.objectUid,
            predicate: f.predicate,
            key: f.key,
            statement: f.statement,
            confidence: f.confidence,
            mentions: f.mentions,
            ...storedObservations(f),
            vector: encodeVector(f.vector),
          })),
        });
      }
    }
    if (batch.episode) {
      const episodeUid = batch.episode.uid;
      const known = new Set(this.run('episode-mentioned', { userId, episodeUid }).map((r) => String(r.uid)));
      const entityUids = [...new Set(batch.episode.entityUids)].filter((uid) => !known.has(uid));
      if (entityUids.length > 0) this.run('episode-mentions-create', { userId, episodeUid, entityUids });
      this.run('episode-status', {
        userId,
        uid: batch.episode.uid,
        status: 'extracted',
        error: '',
        summary: batch.episode.summary,
      });
    }
    // After the creates, so a fact created and contradicted in one batch is closed too.
    // A few rows (the usual conversational write) go one by one as key lookups; many rows
    // (bulk loads) in one UNWIND statement.
    const mentions = batch.mentions.map((m) => ({ ...m, ...fullObservations(m) }));
    if (mentions.length > SINGLE_ROW_LIMIT) this.run('facts-mention', { userId, rows: mentions });
    else for (const m of mentions) this.run('facts-mention-one', { userId, ...m });
    const invalidations = batch.invalidations.map((i) => ({ ...i, validTo: i.validTo.toISOString() }));
    if (invalidations.length > SINGLE_ROW_LIMIT)
      this.run('facts-invalidate', { userId, rows: invalidations });
    else for (const i of invalidations) this.run('facts-invalidate-one', { userId, ...i });
    for (const move of batch.validFrom) {
      this.run('facts-set-valid-from', {
        userId,
        uid: move.uid,
        subjectUid: move.subjectUid,
        validFrom: move.validFrom.toISOString(),
      });
    }
  }

  /** Brings the user's in-process copies in step with a committed write batch. */
  private applyToCopies(batch: WriteBatch): void {
    const { userId } = batch;
    const graph = this.copies.graphs.get(userId);
    if (graph?.size === 0) {
      // The user had nothing before this write (the copy is exact): their vector indexes start
      // empty and exact too, so a first bulk import leaves a complete snapshot on close.
      if (!this.copies.vectors.has(userId))
        this.copies.vectors.set(userId, new UserVectorIndex(this.dimension));
      if (!this.copies.factVectors.has(userId))
        this.copies.factVectors.set(userId, new UserVectorIndex(this.dimension));
    }
    const index = this.copies.vectors.get(userId);
    if (index) for (const e of batch.entities) index.add(e.uid, e.embedding);
    const vocabulary = this.copies.predicateVocabulary.get(userId);
    if (vocabulary) for (const f of batch.facts) vocabulary.add(f.key);
    graph?.apply(batch);
    const factIndex = this.copies.factVectors.get(userId);
    if (factIndex) for (const f of batch.facts) if (f.vector) factIndex.add(f.uid, f.vector);
  }

  override async createEpisode(episode: Episode, vector?: ArrayLike<number>): Promise<void> {
    this.commit(
      [episode.userId],
      new Set(['episodes']),
      () => {
        this.run('user-merge', { userId: episode.userId, at: episode.at.toISOString() });
        this.run('episode-create', this.episodeCreateParams(episode, vector));
      },
      () =>
        this.copies.episodeIndexes
          .get(episode.userId)
          ?.add(episode.uid, episodeText(episode.messages), vector, episode.threadId, episode.at),
    );
  }

  override async searchEpisodes(userId: string, query: EpisodeQuery): Promise<EpisodeHits> {
    return this.copies.episodeIndex(userId).search(query);
  }

  override async episodeNeighbours(
    userId: string,
    uids: readonly string[],
    window: number,
  ): Promise<Map<string, string[]>> {
    return this.copies.episodeIndex(userId).neighbours(uids, window);
  }

  override async similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]> {
    const index = this.copies.factIndex(userId);
    return among ? index.searchAmong(among, vector, k, minScore) : index.search(vector, k, minScore);
  }

  override async missingVectors(userId: string, limit: number): Promise<MissingVectors> {
    const graph = this.copies.userGraph(userId);
    if (!graph) return super.missingVectors(userId, limit);
    // The fact index holds exactly the facts with a stored vector: the rest are missing, found
    // in process instead of by scanning every fact of the user in the database.
    const index = this.copies.factIndex(userId);
    const facts: MissingVectors['facts'] = [];
    // It holds facts of this graph only, so as many vectors as facts means none is missing.
    if (index.uidCount < graph.factCount)
      for (const fact of graph.allFacts()) {
        if (facts.length >= limit) break;
        if (!index.has(fact.uid))
          facts.push({ uid: fact.uid, subjectUid: fact.subjectUid, statement: fact.statement });
      }
    // The turn index, which recall reads anyway, says whether any turn lacks a vector.
    const episodes =
      this.copies.episodeIndex(userId).missingVectors === 0
        ? []
        : this.run('episodes-missing-vectors', { userId, limit }).map((r) => ({
            uid: String(r.uid),
            text: episodeText(episodeFromRow(r, userId).messages),
          }));
    return { episodes, facts };
  }

  override async factsByUids(userId: string, uids: readonly string[]): Promise<Fact[]> {
    if (uids.length === 0) return [];
    const graph = this.copies.userGraph(userId);
    return graph ? graph.factsByUids(uids) : super.factsByUids(userId, uids);
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

  override async entitiesByKeys(userId: string, keys: readonly string[]): Promise<Map<string, Entity>> {
    const found = new Map<string, Entity>();
    if (keys.length === 0) return found;
    const graph = this.copies.userGraph(userId);
    if (graph) return graph.entitiesByKeys(keys);
    const ids = [...new Set(keys)].map((key) => entityKeyId(userId, key));
    for (const row of this.run('entities-by-keys', { userId, ids })) {
      found.set(String(row.lookupKey), entityFromRow(row, userId));
    }
    return found;
  }

  override async entitiesByUids(userId: string, uids: readonly string[]): Promise<Entity[]> {
    if (uids.length === 0) return [];
    const graph = this.copies.userGraph(userId);
    return graph ? graph.entitiesByUids(uids) : super.entitiesByUids(userId, uids);
  }

  override async similarEntities(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return this.copies.vectorIndex(userId).search(vector, k, minScore);
  }

  override async factsFrom(
    userId: string,
    pairs: readonly { subjectUid: string; key: string }[],
  ): Promise<FactTimelineRef[]> {
    if (pairs.length === 0) return [];
    const graph = this.copies.userGraph(userId);
    return graph ? graph.factsFrom(pairs) : super.factsFrom(userId, pairs);
  }

  override async incidentFacts(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity?: number,
  ): Promise<Fact[]> {
    if (entityUids.length === 0 || keys?.length === 0) return [];
    const graph = this.copies.userGraph(userId);
    if (graph) return graph.incidentFacts(entityUids, time, keys, maxPerEntity);
    const rows = this.run('facts-incident', {
      userId,
      uids: [...new Set(entityUids)],
      ...keyParams(keys),
      ...timeParams(time),
    });
    // A fact between two of the given entities comes back from both sides of the UNION.
    const seen = new Set<string>();
    const facts: Fact[] = [];
    for (const row of rows) {
      const uid = String(row.uid);
      if (seen.has(uid)) continue;
      seen.add(uid);
      facts.push(factFromRow(row, userId));
    }
    return capPerEntity(facts, entityUids, maxPerEntity);
  }

  override async searchNames(userId: string, query: string, limit: number): Promise<NameMatch[]> {
    const graph = this.copies.userGraph(userId);
    if (!graph) return super.searchNames(userId, query, limit);
    const candidates = function* () {
      for (const e of graph.allEntities())
        yield { uid: e.uid, names: [e.name, ...e.aliases], mentions: e.mentions };
    };
    return rankNames(query, candidates(), limit);
  }

  override async predicateKeys(userId: string): Promise<string[]> {
    const graph = this.copies.userGraph(userId);
    if (graph) return graph.predicateKeys();
    let keys = this.copies.predicateVocabulary.get(userId);
    if (!keys) {
      keys = new Set(this.run('facts-predicate-keys', { userId }).map((r) => String(r.key)));
      this.copies.predicateVocabulary.set(userId, keys);
    }
    return [...keys];
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

  protected override async explain(statement: string, params: Record<string, unknown>): Promise<PlanSummary> {
    // Prepared alone first: one statement only (the driver refuses several), and its kind.
    const prepared = this.prepareConsole(statement);
    if (!prepared.isReadOnly()) return { operators: [], procedures: [], writes: true };
    const explained = this.connection().prepareSync(`EXPLAIN ${statement}`);
    if (!explained.isSuccess()) throw new CypherError(explained.getErrorMessage());
    let text: string;
    try {
      text = drain(this.connection().executeSync(explained, params as never))
        .map((row) => Object.values(row).join('\n'))
        .join('\n');
    } catch (error) {
      throw new CypherError(errorMessage(error));
    }
    return ladybugPlanSummary(text);
  }

  protected override async executeConsole(
    statement: string,
    params: Record<string, unknown>,
    options: CypherOptions,
  ): Promise<CypherResult> {
    const conn = this.connection();
    const prepared = this.prepareConsole(statement);
    // Checked again on what runs: a read-only console never writes, whatever the plan said.
    if (options.readOnly && !prepared.isReadOnly()) {
      throw new StatementNotAllowedError(
        'read-only: this statement would change the database; nothing was run',
      );
    }
    // A hand-written statement may change anything of anyone, outside any transaction kgmem
    // controls: every copy and snapshot is invalidated before it runs, so none can outlive it.
    if (!prepared.isReadOnly()) this.commit('all', ALL_COPIES, () => {});
    let result: QueryResult | QueryResult[];
    try {
      if (options.timeoutMs) conn.setQueryTimeout(options.timeoutMs);
      result = conn.executeSync(prepared, params as never);
    } catch (error) {
      const message = errorMessage(error);
      throw new CypherError(
        options.timeoutMs && /interrupt|timeout/i.test(message)
          ? `the statement ran longer than ${Math.round(options.timeoutMs / 1000)} s and was stopped (${message})`
          : message,
      );
    } finally {
      // The driver takes no 0 for "none": the longest timeout it accepts stands for none.
      if (options.timeoutMs) conn.setQueryTimeout(2_147_483_647);
    }
    // Copies read while it ran (none: the driver call is synchronous) are dropped all the same.
    if (!prepared.isReadOnly()) this.copies.dropAllCopies();
    const results = Array.isArray(result) ? result : [result];
    try {
      const last = results[results.length - 1];
      if (!last) return { columns: [], rows: [] };
      const maxRows = options.maxRows ?? Infinity;
      const rows: Record<string, unknown>[] = [];
      while (rows.length < maxRows && last.hasNext()) {
        rows.push(plainValue(last.getNextSync()) as Record<string, unknown>);
      }
      return { columns: last.getColumnNamesSync(), rows, ...(last.hasNext() ? { truncated: true } : {}) };
    } finally {
      for (const r of results) r.close();
    }
  }

  override async close(): Promise<void> {
    if (this.conn) this.copies.saveSnapshots();
    const { conn, db } = this;
    this.conn = undefined;
    this.db = undefined;
    this.statements.clear();
    this.copies.dropAllCopies();
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
   * forgotten fact must not outlive its deletion in a cache file) and their in-process copies are
   * brought in step by `applied`, or dropped when there is none. On failure the transaction is
   * rolled back and the users' copies dropped. A statement that writes outside this is refused
   * ({@link run}), so no write can skip the invalidation.
   */
  private commit(users: AffectedUsers, effect: CopyEffect, body: () => void, applied?: () => void): void {
    for (;;) {
      try {
        this.commitOnce(users, effect, body, applied);
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

  private commitOnce(users: AffectedUsers, effect: CopyEffect, body: () => void, applied?: () => void): void {
    if (this.committing) throw new Error('LadybugStore: internal error, a commit inside a commit');
    const conn = this.connection();
    const stale = touchesSnapshot(effect);
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
      this.copies.dropCopies(users, ALL_COPIES);
      if (/buffer pool is full/i.test(errorMessage(error))) throw new PoolTooSmall();
      throw error;
    } finally {
      this.committing = false;
    }
    this.generations.settle(generations);
    if (stale) this.copies.removeSnapshots(users);
    if (applied) applied();
    else this.copies.dropCopies(users, effect);
  }

  /**
   * Creates a bulk write's new entities, keys and facts through `COPY FROM` files (see
   * {@link copyRows}), then what the files cannot say: extra aliases and empty values.
   */
  private copyBulk(rows: BulkRows): void {
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

  /** Prepares a console statement (one statement only). */
  private prepareConsole(statement: string): PreparedStatement {
    let prepared: PreparedStatement;
    try {
      prepared = this.connection().prepareSync(statement);
    } catch (error) {
      throw new CypherError(errorMessage(error));
    }
    if (!prepared.isSuccess()) throw new CypherError(prepared.getErrorMessage());
    return prepared;
  }

  /** Records the embedder the database's vectors come from (on first open, and by `kgmem reembed`). */
  async recordEmbedder(identity: EmbedderIdentity): Promise<void> {
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

  private connection(): Connection {
    if (!this.conn)
      throw new ClosedError('LadybugStore: the store is closed (or was never opened); call open() first');
    return this.conn;
  }

  private run(name: string, params: Record<string, unknown>): Row[] {
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
