import { createHash } from 'node:crypto';
import neo4j, { type BookmarkManager, type Driver, type ManagedTransaction } from 'neo4j-driver';
import { episodeText } from '../../model/episode-text.js';
import { ClosedError, CypherError, StoreUnavailableError } from '../../model/errors.js';
import { tokenize } from '../../model/normalize.js';
import { searchTerms } from '../../model/text.js';
import type { Entity, Episode, Fact } from '../../model/types.js';
import {
  type CypherOptions,
  type CypherResult,
  type EpisodeHits,
  type EpisodeQuery,
  type FactEdge,
  type FactFilter,
  GraphStore,
  type PlannedWrite,
  type PlanningReads,
  type RestoreBatch,
  type RestoreReads,
  type ScoredEntity,
  type Statement,
  type TimeScope,
  type WriteBatch,
} from '../base.js';
import { capPerEntity } from '../cap.js';
import { fillIntegerPlaceholders, loadCypher, splitStatements } from '../cypher-files.js';
import {
  checkEmbedder,
  DIMENSION_META_KEY,
  EMBEDDER_META_KEY,
  type EmbedderIdentity,
} from '../embedder-identity.js';
import { BM25_K1, turnTerms, weightedTerms } from '../episode-terms.js';
import { allowedEdits, type NameMatch, rankNames } from '../name-search.js';
import { fullObservations, storedObservations } from '../observations.js';
import type { PlanSummary } from '../read-policy/policy.js';
import { entityFromRow, entityKeyId, episodeFromRow, factFromRow, type Row } from '../rows.js';
import type { Neo4jStoreOptions } from './options.js';
import { neo4jPlanSummary } from './plan.js';
import { consoleParams, fromNeo4j, toNeo4jParams } from './values.js';

// Meta key of the migration that replaced stored zero vectors by none.
const ZERO_VECTORS_META_KEY = 'zeroVectors';
// Meta key of the migration that gave older entities and episodes their user's full-text key.
const USER_KEYS_META_KEY = 'userKeys';
// Statements that take the user's full-text key, which this adapter adds from the userId.
const KEYED_STATEMENTS = new Set([
  'entities-create',
  'episode-create',
  'entities-restore',
  'episodes-restore',
]);
// Turns given their concepts per statement when a database written before concept indexing is searched.
const CONCEPT_BATCH = 500;
// With a concept search, each full-text field returns this many times the hits wanted before
// their scores are added up per turn.
const CONCEPT_DEPTH = 4;
// Rows sent per statement of a write batch (bounded messages for bulk writes).
const ROWS_PER_STATEMENT = 5000;
// How often a write is planned again after a uniqueness race with another writer.
const CONSTRAINT_RETRIES = 3;

/**
 * The Neo4j 5 backend: one driver per memory, a session per operation, managed transactions
 * (`executeRead` / `executeWrite`, which retry transient errors) and one bookmark manager, so
 * every read sees the writes this store made before it, on a cluster too. Every statement comes
 * from `cypher/neo4j/*.cypher` with parameters typed by its declaration (`statements.ts`).
 */
// Users whose vocabulary (and fact count) one store keeps (the oldest read is dropped first).
const VOCABULARY_USERS = 1000;

export class Neo4jStore extends GraphStore {
  override readonly backend = 'neo4j';
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
  /** Each user's predicate vocabulary with the write count it was read at (see `predicateKeys`). */
  private readonly vocabulary = new Map<string, { writes: number; keys: readonly string[] }>();
  /** Each user's fact count with the write count it was read at (see `share`). */
  private readonly factCounts = new Map<string, { writes: number; own: number }>();
  private bookmarks: BookmarkManager | undefined;
  private embedder: EmbedderIdentity | number = 0;
  /** Indexes and constraints this store created and retired since it was made (open included). */
  readonly schemaChanges = { added: 0, removed: 0 };
  // Users whose turns stored before they kept their search terms were given them (this process).
  private readonly termsChecked = new Set<string>();

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
      await this.migrateUserKeys();
      await this.migrateZeroVectors();
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

  /** Records the embedder the database's vectors come from (on first open, and by `kgmem reembed`). */
  async recordEmbedder(identity: EmbedderIdentity): Promise<void> {
    await this.runStatements('write', [
      { name: 'meta-set', params: { key: EMBEDDER_META_KEY, value: JSON.stringify(identity) } },
      { name: 'meta-set', params: { key: DIMENSION_META_KEY, value: String(identity.dimension) } },
    ]);
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

  private async meta(key: string): Promise<string | undefined> {
    const value = (await this.readRows('meta-get', { key }))[0]?.value;
    return value === undefined || value === null ? undefined : String(value);
  }

  /**
   * Replaces zero vectors stored before they were refused (Neo4j's cosine fails on them) by an
   * empty list (see `storableVector`), once per database (recorded in Meta).
   */
  private async migrateZeroVectors(): Promise<void> {
    if ((await this.meta(ZERO_VECTORS_META_KEY)) === '1') return;
    await this.writeRows('vectors-zero-to-empty', {});
    await this.writeRows('meta-set', { key: ZERO_VECTORS_META_KEY, value: '1' });
  }

  /**
   * Gives entities and episodes written before the per-user full-text key their user's key
   * (once per database: recorded in Meta).
   */
  private async migrateUserKeys(): Promise<void> {
    if ((await this.meta(USER_KEYS_META_KEY)) === '1') return;
    for (const row of await this.readRows('users-missing-user-key', {})) {
      const userId = String(row.id);
      await this.writeRows('user-set-user-key', { userId, userKey: userSearchKey(userId) });
    }
    await this.writeRows('meta-set', { key: USER_KEYS_META_KEY, value: '1' });
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
        return await this.session('WRITE', (session) =>
          session.executeWrite(async (tx) => {
            await runIn(tx, 'user-lock', { userId, at: new Date() });
            const { batch, result } = await plan(this.inTransaction(tx));
            if (batch) await applyBatch(tx, batch);
            return result;
          }),
        );
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
  }

  /** This store with every statement run in `tx` (the planning reads of a write). */
  private inTransaction(tx: ManagedTransaction): PlanningReads {
    const view = Object.create(this) as Neo4jStore;
    Object.defineProperty(view, 'runStatements', {
      value: async (_mode: 'read' | 'write', statements: readonly Statement[]) => {
        const results: Row[][] = [];
        for (const { name, params } of statements) results.push(await runIn(tx, name, params));
        return results;
      },
    });
    return view;
  }

  override async entitiesByKeys(userId: string, keys: readonly string[]): Promise<Map<string, Entity>> {
    const found = new Map<string, Entity>();
    if (keys.length === 0) return found;
    const ids = [...new Set(keys)].map((key) => entityKeyId(userId, key));
    for (const row of await this.readRows('entities-by-keys', { userId, ids })) {
      found.set(String(row.lookupKey), entityFromRow(row, userId));
    }
    return found;
  }

  override async similarEntities(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return this.similar('entities', userId, vector, k, minScore);
  }

  /**
   * Searches a user's turns as the embedded store does (`episode-terms.ts`): the same terms, in
   * fields Lucene indexes without analysing them further (whitespace), BM25 with the same k1 and
   * b, scores on the same scale (Lucene leaves out BM25's constant factor k1 + 1, put back here;
   * the user's key filters without scoring). What differs: Lucene's document frequencies count
   * every user's turns in the shared index, and concepts most turns share are scored (faintly)
   * rather than skipped.
   */
  override async searchEpisodes(userId: string, query: EpisodeQuery): Promise<EpisodeHits> {
    await this.indexTerms(userId);
    const own = [...new Set(searchTerms(query.text))];
    // Lucene refuses a query of more than 1,024 clauses: the query's own terms first, then the
    // expansion by weight, within that (a long turn's own words alone can pass it).
    const ownSet = new Set(own);
    const words = [
      ...own.map(luceneTerm),
      ...weightedTerms(query.expansion ?? [])
        .filter(({ term }) => !ownSet.has(term))
        .sort((a, b) => b.weight - a.weight)
        .map(({ term, weight }) => `${luceneTerm(term)}^${weight.toFixed(3)}`),
    ]
      .slice(0, MAX_QUERY_TERMS)
      .join(' ');
    const concepts = weightedTerms(query.concepts ?? [])
      .sort((a, b) => b.weight - a.weight)
      .slice(0, MAX_QUERY_TERMS)
      .map(({ term, weight }) => `${luceneTerm(term)}^${weight.toFixed(3)}`)
      .join(' ');
    // With concepts, each field's best hits (CONCEPT_DEPTH times as many) are added up per turn.
    const k = concepts ? query.k * CONCEPT_DEPTH : query.k;
    // The three searches are independent: the server runs them at once.
    const [text, byConcept, vector] = await Promise.all([
      words ? this.readRows('episodes-fulltext', { userId, query: termQuery(userId, words), k }) : [],
      concepts
        ? this.readRows('episodes-concepts-fulltext', { userId, query: termQuery(userId, concepts), k })
        : [],
      this.similar('episodes', userId, query.vector, query.k, query.minSimilarity),
    ]);
    const sum = new Map<string, number>();
    for (const r of [...text, ...byConcept])
      sum.set(String(r.uid), (sum.get(String(r.uid)) ?? 0) + (BM25_K1 + 1) * Number(r.score));
    return {
      text: [...sum]
        .map(([uid, score]) => ({ uid, score }))
        .sort((a, b) => b.score - a.score || a.uid.localeCompare(b.uid))
        .slice(0, query.k),
      vector,
    };
  }

  /** Stores each turn's terms and concept terms with it, for the two full-text indexes. */
  protected override episodeCreateParams(
    episode: Episode,
    vector?: ArrayLike<number>,
  ): Record<string, unknown> {
    return { ...super.episodeCreateParams(episode, vector), ...storedTerms(episodeText(episode.messages)) };
  }

  /**
   * Gives a user's turns stored before they kept their terms (`terms`, `conceptTerms`) those
   * terms, on the first search of the user in this process (batches of {@link CONCEPT_BATCH},
   * until none is left).
   */
  private async indexTerms(userId: string): Promise<void> {
    if (this.termsChecked.has(userId)) return;
    for (;;) {
      const rows = await this.readRows('episodes-missing-terms', { userId, limit: CONCEPT_BATCH });
      if (rows.length === 0) break;
      await this.writeRows('episodes-set-terms', {
        userId,
        rows: rows.map((r) => ({
          uid: String(r.uid),
          ...storedTerms(episodeText(episodeFromRow(r, userId).messages)),
        })),
      });
      if (rows.length < CONCEPT_BATCH) break;
    }
    this.termsChecked.add(userId);
  }

  override async episodeNeighbours(
    userId: string,
    uids: readonly string[],
    window: number,
  ): Promise<Map<string, string[]>> {
    if (uids.length === 0) return new Map();
    const rows = await this.readRows('episodes-neighbours', { userId, uids: [...uids], window });
    return new Map(
      rows.map((r) => [String(r.uid), Array.isArray(r.neighbours) ? r.neighbours.map(String) : []]),
    );
  }

  override async similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]> {
    if (k <= 0) return [];
    if (!isSearchable(vector)) return [];
    if (among) {
      if (among.length === 0) return [];
      const rows = await this.readRows('facts-similar-among', {
        userId,
        vector,
        k,
        minScore: (1 + minScore) / 2,
        uids: [...among],
      });
      return rows.map((r) => ({ uid: String(r.uid), score: 2 * Number(r.score) - 1 }));
    }
    return this.similar('facts', userId, vector, k, minScore);
  }

  /**
   * The k entities (facts, turns) of a user most similar to `vector`, correct at any index size:
   * exact cosine over the user's own below `exactSearchLimit`, and when the vector index would
   * have to be over-fetched past `maxCandidates` to hold k of theirs (a small share of a big
   * index). Otherwise the index, fetched again with four times the candidates while fewer than k
   * of the user's were found and better ones may remain; exact when that bound is passed.
   */
  private async similar(
    kind: SimilarityKind,
    userId: string,
    vector: ArrayLike<number> | null,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    if (k <= 0 || !isSearchable(vector)) return [];
    // Neo4j scores cosine as (1 + cos) / 2; convert the threshold in and the scores out.
    const params = { userId, vector, k, minScore: (1 + minScore) / 2 };
    const statements = SIMILARITY_STATEMENTS[kind];
    const { own, total } = await this.share(kind, userId);
    if (own === 0) return [];
    const exact = statements.exact.name;
    const out = (rows: Row[]) => rows.map((r) => ({ uid: String(r.uid), score: 2 * Number(r.score) - 1 }));
    const limit = this.options.maxCandidates ?? 100_000;
    let candidates = Math.max(k * (this.options.overfetch ?? 20), Math.ceil((2 * k * total) / own));
    if (own <= (this.options.exactSearchLimit ?? 2_000) || candidates > limit)
      return out(await this.readRows(exact, params));
    const index = statements.index.name;
    for (;;) {
      const round = (await this.readRows(index, { ...params, candidates }))[0];
      const hits = (Array.isArray(round?.hits) ? round.hits : []) as Row[];
      const exhausted =
        hits.length >= k ||
        Number(round?.fetched ?? 0) < candidates ||
        Number(round?.floor ?? 0) < params.minScore;
      if (exhausted) return out([...hits].sort((a, b) => Number(b.score) - Number(a.score)).slice(0, k));
      candidates *= 4;
      if (candidates > limit) return out(await this.readRows(exact, params));
    }
  }

  /**
   * How many entities (or facts) the vector index holds and how many are the user's. A user's
   * entity count is its node's degree; its fact count is kept with the user's write count and
   * counted again only when that moved (a stale count after a delete elsewhere only sizes the
   * over-fetch).
   */
  private async share(kind: SimilarityKind, userId: string): Promise<{ own: number; total: number }> {
    if (kind !== 'facts') {
      const [row] = await this.readRows(SIMILARITY_STATEMENTS[kind].share.name, { userId });
      return { own: Number(row?.own ?? 0), total: Number(row?.total ?? 0) };
    }
    const known = this.factCounts.get(userId);
    const [row] = await this.readRows('fact-share', { userId, knownWrites: known?.writes ?? -1 });
    const total = Number(row?.total ?? 0);
    const reported = Number(row?.own ?? 0);
    if (reported === -1 && known) return { own: known.own, total };
    if (row?.writes !== null && row?.writes !== undefined) {
      if (this.factCounts.size >= VOCABULARY_USERS)
        this.factCounts.delete(this.factCounts.keys().next().value as string);
      this.factCounts.set(userId, { writes: Number(row.writes), own: reported });
    }
    return { own: reported, total };
  }

  override async nameMatches(userId: string, text: string, k: number): Promise<ScoredEntity[]> {
    const words = luceneQuery(text).split(' ').slice(0, MAX_QUERY_TERMS).join(' ');
    if (!words) return [];
    const rows = await this.readRows('entities-fulltext', { userId, query: userQuery(userId, words), k });
    const best = Math.max(1e-9, ...rows.map((r) => Number(r.score)));
    return rows.map((r) => ({ uid: String(r.uid), score: Number(r.score) / best }));
  }

  /** Name search through the full-text index (prefix and fuzzy terms, the user's key required), ranked as on every backend. */
  override async searchNames(userId: string, query: string, limit: number): Promise<NameMatch[]> {
    // Each word is a prefix and a fuzzy clause, which Lucene expands (up to 50 terms each).
    // A word of a name search is at most a few dozen letters (Lucene refuses a prefix automaton
    // of a thousand).
    const words = tokenize(query)
      .filter((w) => w.length <= MAX_NAME_WORD_LENGTH)
      .slice(0, MAX_NAME_SEARCH_WORDS);
    if (words.length === 0) return [];
    const clauses = words.map((word) => {
      const term = luceneQuery(word);
      const edits = allowedEdits(word);
      return edits > 0 ? `+(${term}* ${term}~${edits})` : `+${term}*`;
    });
    const rows = await this.readRows('entities-fulltext', {
      userId,
      query: `+userKey:${userSearchKey(userId)} ${clauses.join(' ')}`,
      k: Math.min(1000, limit * 10),
    });
    const entities = await this.entitiesByUids(
      userId,
      rows.map((r) => String(r.uid)),
    );
    return rankNames(
      query,
      entities.map((e) => ({ uid: e.uid, names: [e.name, ...e.aliases], mentions: e.mentions })),
      limit,
    );
  }

  override async incidentFacts(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity?: number,
  ): Promise<Fact[]> {
    if (entityUids.length === 0 || keys?.length === 0) return [];
    const rows = await this.readRows(
      'facts-incident',
      incidentParams(userId, entityUids, time, keys, maxPerEntity),
    );
    return capPerEntity(
      rows.map((r) => factFromRow(r, userId)),
      entityUids,
      maxPerEntity,
    );
  }

  /**
   * Bare edges of the same facts, in their cap order: the server picks each entity's first
   * `maxPerEntity` and orders the union, so a hub's facts cost four fields each, not eighteen.
   */
  override async incidentEdges(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity?: number,
  ): Promise<FactEdge[]> {
    if (entityUids.length === 0 || keys?.length === 0) return [];
    const rows = await this.readRows(
      'facts-incident-edges',
      incidentParams(userId, entityUids, time, keys, maxPerEntity),
    );
    return rows.map((r) => ({
      uid: String(r.uid),
      subjectUid: String(r.subjectUid),
      objectUid: String(r.objectUid),
      key: String(r.key),
    }));
  }

  /**
   * The user's predicate vocabulary, which every recall reads: scanning a large user's facts for
   * it costs ~90 ms at 129k facts, so it is kept per user with the user's write count (bumped by
   * every write's lock, in any process) and read again only when that count moved. Deletes in this
   * process drop it too; one elsewhere may leave a removed key in it for a while, which only lets a
   * question's word match a relation the user no longer has.
   */
  override async predicateKeys(userId: string): Promise<string[]> {
    // No row: no such user (nothing to keep); no count: a user written before counts were kept.
    const [row] = await this.readRows('user-writes', { userId });
    const writes = row ? Number(row.writes ?? 0) : -1;
    const cached = this.vocabulary.get(userId);
    if (cached && cached.writes === writes && writes >= 0) return [...cached.keys];
    const keys = (await this.readRows('facts-predicate-keys', { userId })).map((r) => String(r.key));
    if (this.vocabulary.size >= VOCABULARY_USERS)
      this.vocabulary.delete(this.vocabulary.keys().next().value as string);
    this.vocabulary.set(userId, { writes, keys });
    return [...keys];
  }

  override async listFacts(userId: string, filter: FactFilter): Promise<Fact[]> {
    return (
      await this.readRows('facts-list', {
        userId,
        entityUid: filter.entityUid ?? '',
        key: filter.predicateKey ?? '',
        limit: filter.limit,
        ...timeParams(filter.time),
      })
    ).map((r) => factFromRow(r, userId));
  }

  override async listEntities(userId: string, limit: number): Promise<Entity[]> {
    return (await this.readRows('entities-list', { userId, limit })).map((r) => entityFromRow(r, userId));
  }

  override async deleteFact(userId: string, factUid: string): Promise<boolean> {
    return Number((await this.writeRows('fact-delete', { userId, uid: factUid }))[0]?.deleted ?? 0) > 0;
  }

  protected override async explain(statement: string, params: Record<string, unknown>): Promise<PlanSummary> {
    const session = this.connected().session(this.sessionConfig('READ'));
    try {
      // EXPLAIN plans without running: the summary says whether the statement only reads ('r'),
      // and its plan which operators and procedures it would use.
      const result = await session.executeRead((tx) => tx.run(`EXPLAIN ${statement}`, consoleParams(params)));
      return { ...neo4jPlanSummary(result.summary.plan), writes: result.summary.queryType !== 'r' };
    } catch (error) {
      throw new CypherError(error instanceof Error ? error.message : String(error));
    } finally {
      await session.close();
    }
  }

  protected override async executeConsole(
    statement: string,
    params: Record<string, unknown>,
    options: CypherOptions,
  ): Promise<CypherResult> {
    const driver = this.connected();
    const session = driver.session(this.sessionConfig(options.readOnly ? 'READ' : 'WRITE'));
    const maxRows = options.maxRows ?? Infinity;
    try {
      // A read transaction: the server refuses any write in it (Neo.ClientError.Statement.AccessMode).
      const config = options.timeoutMs ? { timeout: options.timeoutMs } : {};
      const run = (tx: ManagedTransaction) => tx.run(statement, consoleParams(params));
      const result = options.readOnly
        ? await session.executeRead(run, config)
        : await session.run(statement, consoleParams(params), config);
      const kept = result.records.slice(0, maxRows);
      return {
        columns: [...(result.records[0]?.keys ?? [])].map(String),
        rows: kept.map((record) => fromNeo4j(record.toObject()) as Record<string, unknown>),
        ...(result.records.length > kept.length ? { truncated: true } : {}),
      };
    } catch (error) {
      throw new CypherError(error instanceof Error ? error.message : String(error));
    } finally {
      await session.close();
    }
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
    if (mode === 'write') this.forgetUserCaches(statements);
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

  /** Drops what is kept of the users a write touches (every user's on a write without one). */
  private forgetUserCaches(statements: readonly { params?: Record<string, unknown> }[]): void {
    for (const { params } of statements) {
      const userId = params?.userId;
      if (typeof userId === 'string') {
        this.vocabulary.delete(userId);
        this.factCounts.delete(userId);
      } else {
        this.vocabulary.clear();
        this.factCounts.clear();
      }
    }
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
}

/**
 * Applies one write batch in `tx`, in the order the write path relies on; a statement's rows go
 * in chunks of {@link ROWS_PER_STATEMENT} (one message each, all in the one transaction).
 */
async function applyBatch(tx: ManagedTransaction, batch: WriteBatch): Promise<void> {
  const { userId } = batch;
  const run = async (name: string, params: Record<string, unknown>) => {
    const rows = params.rows;
    if (!Array.isArray(rows) || rows.length <= ROWS_PER_STATEMENT) return runIn(tx, name, params);
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
      await runIn(tx, name, { ...params, rows: rows.slice(i, i + ROWS_PER_STATEMENT) });
    return [];
  };
  await run('user-merge', { userId, at: batch.at });
  if (batch.entities.length > 0) {
    await run('entities-create', {
      userId,
      rows: batch.entities.map((e) => ({
        uid: e.uid,
        key: e.key,
        name: e.name,
        type: e.type,
        summary: e.summary,
        aliases: e.aliases,
        aliasText: e.aliases.join(' '),
        embedding: storableVector(e.embedding),
        at: e.at,
        mentions: e.mentions,
      })),
    });
    await run('entity-keys-create', {
      userId,
      rows: batch.entities.flatMap((e) =>
        e.aliases.map((key) => ({ id: entityKeyId(userId, key), key, entityUid: e.uid })),
      ),
    });
  }
  if (batch.keys.length > 0) {
    await run('entity-keys-create', {
      userId,
      rows: batch.keys.map((k) => ({
        id: entityKeyId(userId, k.key),
        key: k.key,
        entityUid: k.entityUid,
      })),
    });
  }
  if (batch.touches.length > 0) {
    await run('entities-touch', {
      userId,
      rows: batch.touches.map((t) => ({
        uid: t.uid,
        mentions: t.mentions,
        type: t.type,
        aliases: t.aliases,
        aliasText: t.aliases.join(' '),
        at: t.at,
      })),
    });
  }
  if (batch.facts.length > 0) {
    await run('facts-create', {
      userId,
      rows: batch.facts.map((f) => ({
        ...f,
        ...storedObservations(f),
        vector: storableVector(f.vector),
        validFrom: f.validFrom,
        createdAt: f.createdAt,
      })),
    });
  }
  if (batch.episode) {
    await run('episode-mentions-create', {
      userId,
      episodeUid: batch.episode.uid,
      entityUids: batch.episode.entityUids,
    });
    await run('episode-status', {
      userId,
      uid: batch.episode.uid,
      status: 'extracted',
      error: '',
      summary: batch.episode.summary,
    });
  }
  // After the creates, so a fact created and contradicted in one batch is closed too.
  if (batch.mentions.length > 0)
    await run('facts-mention', {
      userId,
      rows: batch.mentions.map((m) => ({ ...m, ...fullObservations(m) })),
    });
  if (batch.invalidations.length > 0) {
    await run('facts-invalidate', {
      userId,
      rows: batch.invalidations.map((i) => ({ ...i, validTo: i.validTo })),
    });
  }
  if (batch.validFrom.length > 0) {
    await run('facts-set-valid-from', {
      userId,
      rows: batch.validFrom.map((m) => ({ ...m, validFrom: m.validFrom })),
    });
  }
}

async function runIn(tx: ManagedTransaction, name: string, params: Record<string, unknown>): Promise<Row[]> {
  const result = await tx.run(loadCypher('neo4j', name), toNeo4jParams(name, withUserKey(name, params)));
  return result.records.map((record) => fromNeo4j(record.toObject()) as Row);
}

/** A statement's parameters with the user's search key added where the statement takes it. */
function withUserKey(name: string, params: Record<string, unknown>): Record<string, unknown> {
  return KEYED_STATEMENTS.has(name) ? { ...params, userKey: userSearchKey(String(params.userId)) } : params;
}

function timeParams(time: TimeScope): { mode: string; asOf: Date } {
  return { mode: time.mode, asOf: time.mode === 'asOf' ? time.asOf : new Date(0) };
}

// The statements of similarity search: the user's share of the index, exact, one index round.
const SIMILARITY_STATEMENTS = {
  entities: {
    share: { name: 'entity-share' },
    exact: { name: 'entities-similar-exact' },
    index: { name: 'entities-similar-index' },
  },
  facts: {
    share: { name: 'fact-share' },
    exact: { name: 'facts-similar-exact' },
    index: { name: 'facts-similar-index' },
  },
  episodes: {
    share: { name: 'episode-share' },
    exact: { name: 'episodes-similar-exact' },
    index: { name: 'episodes-similar-index' },
  },
} as const;

/** What {@link Neo4jStore.similar} searches. */
type SimilarityKind = keyof typeof SIMILARITY_STATEMENTS;

// The per-entity cap when none is asked for (Cypher's LIMIT needs a number).
const MAX_CAP = 2 ** 31 - 1;

/**
 * The key that confines a full-text query to one user's nodes: a hash of the user id, one token
 * for Lucene's standard analyzer (so ids with spaces or symbols stay exact and unguessable).
 */
export function userSearchKey(userId: string): string {
  return createHash('sha256').update(userId).digest('hex').slice(0, 32);
}

/** A turn's terms and concept terms as the whitespace-analysed index fields hold them. */
function storedTerms(text: string): { terms: string; conceptTerms: string } {
  const { terms, conceptTerms } = turnTerms(text);
  return { terms: terms.join(' '), conceptTerms: conceptTerms.join(' ') };
}

// Terms of one full-text query: Lucene refuses more than 1,024 clauses, counting a weighted term
// and its weight apart, so well below (the query's own words come first, then the widening by weight).
const MAX_QUERY_TERMS = 400;
// Words of a name search read (16 fuzzy clauses of at most 50 expansions stay below that limit).
const MAX_NAME_SEARCH_WORDS = 16;
const MAX_NAME_WORD_LENGTH = 100;

/** One term of a query on a whitespace-analysed field, escaped for Lucene's query syntax. */
function luceneTerm(term: string): string {
  return luceneQuery(term) || '""';
}

/** A Lucene query on turn terms: the user's key required but not scored (`^0`), any of the terms. */
function termQuery(userId: string, terms: string): string {
  return `+userKey:${userSearchKey(userId)}^0 +(${terms})`;
}

function userQuery(userId: string, words: string): string {
  return `+userKey:${userSearchKey(userId)} +(${words})`;
}

/**
 * A vector as Neo4j stores it: a list of floats; `null` for none (embedded later); an empty list
 * for a zero vector, which Neo4j's cosine refuses and its vector index leaves out (the offline
 * embedder gives one for a text without a word it knows): embedded, with nothing to compare.
 */
function storableVector(vector: ArrayLike<number> | undefined | null): number[] | null {
  if (!vector) return null;
  return isSearchable(vector) ? Array.from(vector) : [];
}

/** Whether a vector can be searched by cosine (not absent, not all zeros). */
function isSearchable(vector: ArrayLike<number> | null): vector is ArrayLike<number> {
  if (!vector) return false;
  for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) return true;
  return false;
}

/** Another process created the same index or constraint at the same time (both saw it missing). */
function isSchemaRace(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return [
    'Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists',
    'Neo.ClientError.Schema.IndexAlreadyExists',
    'Neo.ClientError.Schema.ConstraintAlreadyExists',
  ].includes(code);
}

/** A uniqueness violation: another writer created the same user or key between our reads and writes. */
function isConstraintRace(error: unknown): boolean {
  return (error as { code?: string }).code === 'Neo.ClientError.Schema.ConstraintValidationFailed';
}

/** The embedder record of an open store, for a second `open` of the same store. */
function identityRecord(embedder: EmbedderIdentity | number): {
  identity: string | undefined;
  dimension: string | undefined;
} {
  return typeof embedder === 'number'
    ? { identity: undefined, dimension: String(embedder) }
    : { identity: JSON.stringify(embedder), dimension: String(embedder.dimension) };
}

/** Escapes free text for a Lucene query: each word, fuzzy-free, OR-ed. */
export function luceneQuery(text: string): string {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/[+\-&|!(){}[\]^"~*?:\\/]/g, (c) => `\\${c}`))
    .filter((word) => word.length > 0 && !/^(AND|OR|NOT|TO)$/.test(word))
    .join(' ');
}

function connectionError(options: Neo4jStoreOptions, error: unknown): StoreUnavailableError {
  const code = (error as { code?: string }).code ?? '';
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  if (code === 'Neo.ClientError.Security.Unauthorized' || /unauthori[sz]ed|authentication/i.test(message)) {
    return new StoreUnavailableError(
      `Neo4j at ${options.uri} refused the credentials of user "${options.user}": check NEO4J_USER and NEO4J_PASSWORD.`,
    );
  }
  return new StoreUnavailableError(
    `Neo4j at ${options.uri} is unreachable (${message}). Start it with \`docker compose up -d\` and check NEO4J_URI.`,
  );
}

/** The parameters of facts-incident and facts-incident-edges. */
function incidentParams(
  userId: string,
  entityUids: readonly string[],
  time: TimeScope,
  keys: readonly string[] | undefined,
  maxPerEntity: number | undefined,
): Record<string, unknown> {
  return {
    userId,
    uids: [...new Set(entityUids)],
    anyKey: keys === undefined,
    keys: keys ? [...keys] : [],
    cap: maxPerEntity !== undefined && Number.isFinite(maxPerEntity) ? maxPerEntity : MAX_CAP,
    ...timeParams(time),
  };
}
