import { episodeText } from '../model/episode-text.js';
import { StatementNotAllowedError } from '../model/errors.js';
import type { Entity, Episode, EpisodeStatus, Fact } from '../model/types.js';
import { refuseTransactionControl } from './console-guard.js';
import type { EmbedderIdentity } from './embedder-identity.js';
import { type NameMatch, rankNames } from './name-search.js';
import { storedObservations } from './observations.js';
import {
  type CypherDialect,
  checkPlan,
  checkStatement,
  type PlanSummary,
  type ReadVerdict,
} from './read-policy/policy.js';
import {
  entityFromRow,
  entityKeyId,
  episodeFromRow,
  factFromRow,
  factTimelineFromRow,
  type Row,
  storedItemFromRow,
} from './rows.js';

// Rows per statement of a restore (all statements run in one transaction).
const RESTORE_CHUNK = 2000;

/** A new entity to create, with its embedding and lookup keys. */
export interface NewEntity {
  uid: string;
  key: string;
  name: string;
  type: string;
  summary: string;
  /** Every lookup key of the entity, its own key included. */
  aliases: string[];
  embedding: ArrayLike<number>;
  at: Date;
  mentions: number;
}

/** An existing entity said again. */
export interface EntityTouch {
  uid: string;
  at: Date;
  mentions: number;
  /** The full alias list after this write. */
  aliases: string[];
  /** Whether this write added aliases (so the stored list must be replaced). */
  aliasesChanged: boolean;
  /** Filled in only when the entity has no type yet. */
  type: string;
}

/** A new lookup key for an entity. */
export interface NewEntityKey {
  entityUid: string;
  key: string;
}

/** A new fact edge. */
export interface NewFact {
  /** The statement's embedding (fact-level similarity search); absent for none. */
  vector?: ArrayLike<number>;
  uid: string;
  subjectUid: string;
  objectUid: string;
  predicate: string;
  key: string;
  statement: string;
  confidence: number;
  /** When the fact became true (usually the batch's `at`). */
  validFrom: Date;
  createdAt: Date;
  episodeIds: string[];
  mentions: number;
  /** When it was said, oldest first (usually once, at `validFrom`). */
  observedAt: Date[];
  /** Which episode or source said it each time (parallel to `observedAt`). */
  observedBy: string[];
}

/** The identity of a fact: enough to dedupe and to close it. */
export interface FactRef {
  uid: string;
  subjectUid: string;
  objectUid: string;
  key: string;
}

/**
 * A fact said again (or split, keeping only some of its observations): its mention count,
 * provenance and observations as they are after this write. Values replace the stored ones (the
 * write is planned under the user's write lock from what is stored, so nothing is lost).
 */
export interface FactMention {
  uid: string;
  subjectUid: string;
  mentions: number;
  episodeIds: string[];
  observedAt: Date[];
  observedBy: string[];
}

/**
 * A fact closed by a contradicting one (or re-closed earlier, when a write out of time order
 * lands inside its interval).
 */
export interface FactInvalidation {
  uid: string;
  subjectUid: string;
  validTo: Date;
  /** The episode (or source) whose write closed the fact. */
  invalidatedBy: string;
  /** The fact that replaced it, or `''` when none did (a negation, a correction that deletes). */
  supersededBy: string;
}

/** A fact that turned out to hold earlier than known (said again with an earlier time). */
export interface FactValidFrom {
  uid: string;
  subjectUid: string;
  validFrom: Date;
}

/**
 * A fact on a subject's timeline: what the temporal rules need to place a new fact, and what a
 * split needs to continue it.
 */
export interface FactTimelineRef extends FactRef {
  predicate: string;
  statement: string;
  confidence: number;
  validFrom: Date;
  validTo: Date | null;
  invalidatedBy: string | null;
  supersededBy: string | null;
  episodeIds: string[];
  mentions: number;
  observedAt: Date[];
  observedBy: string[];
}

/** Everything one write changes, applied in one transaction. */
export interface WriteBatch {
  userId: string;
  at: Date;
  /** The episode this write extracts: its MENTIONS edges are written and it becomes `extracted`. */
  episode?: { uid: string; summary: string; entityUids: string[] };
  entities: NewEntity[];
  keys: NewEntityKey[];
  touches: EntityTouch[];
  facts: NewFact[];
  mentions: FactMention[];
  /** Applied after the creates, so a fact created already closed is closed in the same batch. */
  invalidations: FactInvalidation[];
  /** Facts whose start moves earlier. */
  validFrom: FactValidFrom[];
}

/** A fact as a walk sees it: which entities it joins, by which predicate. */
export type FactEdge = Pick<Fact, 'uid' | 'subjectUid' | 'objectUid' | 'key'>;

/** Which facts a read sees: current ones, those valid at one time, or all of them. */
export type TimeScope = { mode: 'current' } | { mode: 'asOf'; asOf: Date } | { mode: 'all' };

/** Filter of {@link GraphStore.listFacts}. */
export interface FactFilter {
  entityUid?: string;
  predicateKey?: string;
  time: TimeScope;
  limit: number;
}

/** A user's sizes. */
export interface UserStats {
  entities: number;
  facts: number;
  currentFacts: number;
}

/** An entity (or episode, or fact) with its score for a query, best first in every list. */
export interface ScoredEntity {
  uid: string;
  score: number;
}

/** A search of a user's stored turns. */
export interface EpisodeQuery {
  /** The query text, for full-text (BM25) search. */
  text: string;
  /** More words to search for, each counting `weight` (0–1) next to the query's own words. */
  expansion?: readonly { word: string; weight: number }[];
  /**
   * Words searched among the concepts of each turn's words (their WordNet ancestors, see
   * `ConceptReader`), each with its weight; the scores add to the full-text ones. None or empty
   * searches the turns' own words only.
   */
  concepts?: readonly { word: string; weight: number }[];
  /** The query embedding, for similarity search; `null` skips it. */
  vector: ArrayLike<number> | null;
  /** Most hits per signal. */
  k: number;
  /** Least cosine similarity of a similarity hit. */
  minSimilarity: number;
}

/** What an episode search found, per signal, best first. */
export interface EpisodeHits {
  /** Full-text (BM25) hits; scores are BM25 scores. */
  text: ScoredEntity[];
  /** Similarity hits; scores are cosines. */
  vector: ScoredEntity[];
}

/** Episodes and facts stored without embeddings (before episode and fact search existed). */
export interface MissingVectors {
  episodes: { uid: string; text: string }[];
  facts: { uid: string; subjectUid: string; statement: string }[];
}

/** Embeddings to store for episodes and facts that lack them. */
export interface VectorUpdate {
  episodes: { uid: string; text: string; vector: ArrayLike<number> }[];
  facts: { uid: string; subjectUid: string; vector: ArrayLike<number> }[];
}

/**
 * A LangGraph store item as kept in the database (see `KgmemStore`): a JSON document under a
 * namespace path, owned by one user scope.
 */
export interface StoredItem {
  /** Encoded namespace path plus key: unique. */
  id: string;
  userId: string;
  /** The namespace as an encoded path ending in `/` (`"memories/u1/"`), for prefix matching. */
  path: string;
  key: string;
  /** The value as JSON text. */
  value: string;
  /** The value's embeddings by field, as JSON text (`{}` when not indexed). */
  vectors: string;
  createdAt: Date;
  updatedAt: Date;
  /** Insertion order: set on creation, kept on update. */
  seq: number;
}

/**
 * The reads a write plans from (entity resolution, the temporal rules of facts). On a server
 * backend they run inside the write's own transaction, after the user's write lock is taken, so
 * the plan sees every write committed before it and nothing can slip in between.
 */
export type PlanningReads = Pick<
  GraphStore,
  'entitiesByKeys' | 'entitiesByUids' | 'similarEntities' | 'factsFrom' | 'factByUid' | 'incidentFacts'
>;

/** What a planned write applies (`null`: nothing) and what it gives back to its caller. */
export interface PlannedWrite<T> {
  batch: WriteBatch | null;
  result: T;
}

/**
 * What a restore (`kgmem import` of an export) writes for one user: records with their exported
 * uids, times and provenance, and their embeddings computed by the importing memory's embedder.
 */
export interface RestoreBatch {
  entities: (Entity & { embedding: ArrayLike<number> })[];
  /** Created current; the closed ones are closed with their exported end in the same transaction. */
  facts: (Fact & { vector: ArrayLike<number> | undefined })[];
  episodes: (Episode & { vector: ArrayLike<number> | undefined })[];
  /** Which entities each turn mentioned. */
  mentions: { episodeUid: string; entityUid: string }[];
}

/** The reads a restore plans from (what the user already holds). */
export type RestoreReads = Pick<GraphStore, 'entitiesByKeys' | 'entitiesByUids' | 'factsByUids' | 'episodes'>;

/** One named statement (`cypher/<backend>/<name>.cypher`) with its parameters. */
export interface Statement {
  name: string;
  params: Record<string, unknown>;
}

/** Rows and column names of a raw Cypher statement (the console). */
export interface CypherResult {
  columns: string[];
  rows: Record<string, unknown>[];
  /** True when more rows were returned than `maxRows` and the rest were left out. */
  truncated?: boolean;
}

/** How a raw Cypher statement may run. */
export interface CypherOptions {
  /** Refuse a statement that could change the database (checked before it runs). */
  readOnly?: boolean;
  /** Keep at most this many rows (the rest are not read); `truncated` says when some were left. */
  maxRows?: number;
  /** Stop the statement after this long (the console's guard against a runaway query). */
  timeoutMs?: number;
}

/**
 * The storage port. Every method is scoped to one user and costs in proportion to that user's
 * data; nothing read for one user ever includes another user's nodes or edges. Adapters:
 * `LadybugStore` (embedded, default) and the Neo4j adapter.
 *
 * The abstract methods are what a backend must provide; the rest is shared, built on
 * {@link GraphStore.runStatements} (named statements in one transaction).
 */
export abstract class GraphStore {
  /** Backend name, for messages and `kgmem info`. */
  abstract readonly backend: string;

  /**
   * Opens the database, applies the schema and checks the embedder its vectors were written
   * with (recording it the first time). A number checks the dimension only. `reembedding` skips
   * the check: `kgmem reembed` is about to replace every vector and then records the embedder.
   *
   * @throws EmbedderMismatchError when the database was embedded by another model or dimension
   */
  abstract open(embedder: EmbedderIdentity | number, options?: { reembedding?: boolean }): Promise<void>;

  /** Records the embedder the database's vectors now come from (after `kgmem reembed`). */
  abstract recordEmbedder(identity: EmbedderIdentity): Promise<void>;

  /** Applies one write batch atomically (all or nothing); creates the user if needed. */
  abstract write(batch: WriteBatch): Promise<void>;

  /**
   * Plans one write from what is stored and applies it atomically: `plan` reads through the
   * given reads and returns the batch. Here the plan reads the store and the batch is written in
   * its own transaction, which is right for the embedded store: one process holds it and the
   * memory queues its writes. The Neo4j adapter runs plan and batch in one transaction that first
   * locks the user, and runs `plan` again when the database asks for a retry (so `plan` must have
   * no effect outside what it returns).
   */
  async writePlanned<T>(
    _userId: string,
    plan: (reads: PlanningReads) => Promise<PlannedWrite<T>>,
  ): Promise<T> {
    const { batch, result } = await plan(this);
    if (batch) await this.write(batch);
    return result;
  }

  /**
   * Restores records of one user atomically: `plan` reads what the user holds and returns what to
   * write. Here it reads the store and the batch is written in one transaction (the embedded
   * store's single writer queues its writes); the Neo4j adapter plans and writes in one
   * transaction after locking the user.
   */
  async restore(userId: string, plan: (reads: RestoreReads) => Promise<RestoreBatch>): Promise<void> {
    const batch = await plan(this);
    await this.runStatements('write', this.restoreStatements(userId, batch));
  }

  /** The statements of a restore, in order (user, entities and keys, facts, closings, turns). */
  protected restoreStatements(userId: string, batch: RestoreBatch): Statement[] {
    const chunks = <T>(items: readonly T[], size = RESTORE_CHUNK): T[][] => {
      const out: T[][] = [];
      for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
      return out;
    };
    const statements: Statement[] = [
      { name: 'user-merge', params: { userId, at: new Date().toISOString() } },
    ];
    for (const rows of chunks(batch.entities)) {
      statements.push({
        name: 'entities-restore',
        params: {
          userId,
          rows: rows.map((e) => ({
            uid: e.uid,
            key: e.key,
            name: e.name,
            type: e.type,
            summary: e.summary,
            aliases: e.aliases,
            aliasText: e.aliases.join(' '),
            embedding: this.encodeEmbedding(e.embedding),
            createdAt: e.createdAt,
            updatedAt: e.updatedAt,
            mentions: e.mentions,
          })),
        },
      });
    }
    const keys = batch.entities.flatMap((e) =>
      e.aliases.map((key) => ({ id: entityKeyId(userId, key), key, entityUid: e.uid })),
    );
    for (const rows of chunks(keys))
      statements.push({ name: 'entity-keys-create', params: { userId, rows } });
    for (const rows of chunks(batch.facts)) {
      statements.push({
        name: this.factsRestoreStatement,
        params: {
          userId,
          rows: rows.map((f) => ({
            uid: f.uid,
            subjectUid: f.subjectUid,
            objectUid: f.objectUid,
            predicate: f.predicate,
            key: f.key,
            statement: f.statement,
            confidence: f.confidence,
            validFrom: f.validFrom,
            createdAt: f.createdAt,
            episodeIds: f.episodeIds,
            mentions: f.mentions,
            ...storedObservations(f),
            vector: this.encodeVector(f.vector),
          })),
        },
      });
    }
    const closed = batch.facts.filter((f) => f.validTo !== null);
    for (const rows of chunks(closed)) {
      statements.push({
        name: 'facts-invalidate',
        params: {
          userId,
          rows: rows.map((f) => ({
            uid: f.uid,
            subjectUid: f.subjectUid,
            validTo: f.validTo as Date,
            invalidatedBy: f.invalidatedBy ?? '',
            supersededBy: f.supersededBy ?? '',
          })),
        },
      });
    }
    for (const rows of chunks(batch.episodes)) {
      statements.push({
        name: 'episodes-restore',
        params: { userId, rows: rows.map((e) => this.episodeRestoreRow(e, e.vector)) },
      });
    }
    for (const rows of chunks(batch.mentions))
      statements.push({ name: 'episode-mentions-restore', params: { userId, rows } });
    return statements;
  }

  /**
   * The statement that creates restored facts with per-row times and provenance (a backend whose
   * `facts-create` already takes them per row uses that).
   */
  protected readonly factsRestoreStatement: string = 'facts-restore';

  /** One row of `episodes-restore` (a backend may store more, such as concepts). */
  protected episodeRestoreRow(
    episode: Episode,
    vector: ArrayLike<number> | undefined,
  ): Record<string, unknown> {
    const { userId: _, ...created } = this.episodeCreateParams(episode, vector);
    return {
      ...created,
      summary: episode.summary,
      status: episode.status,
      error: episode.error,
    };
  }

  /** Which entities each of a user's turns mentioned, by episode uid. */
  async episodeMentions(userId: string): Promise<Map<string, string[]>> {
    const mentions = new Map<string, string[]>();
    for (const row of await this.readRows('episode-mentions', { userId })) {
      const episode = String(row.episodeUid);
      const list = mentions.get(episode) ?? [];
      list.push(String(row.entityUid));
      mentions.set(episode, list);
    }
    return mentions;
  }

  /** Entities of a user by lookup key (normalised name or alias); the map is keyed by lookup key. */
  abstract entitiesByKeys(userId: string, keys: readonly string[]): Promise<Map<string, Entity>>;

  /** The `k` entities of a user most similar to `vector` (exact cosine), best first. */
  abstract similarEntities(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]>;

  /**
   * Facts touching any of the given entities, in either direction, within a time scope;
   * only the given predicate keys when `keys` is set; at most `maxPerEntity` per entity (a hub
   * with thousands of facts then costs no more than any other entity). Returned facts are shared read-only
   * records: copy before changing them.
   */
  abstract incidentFacts(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity?: number,
  ): Promise<Fact[]>;

  /**
   * What a walk needs of {@link incidentFacts}: the same facts, in the same per-entity cap, as
   * bare edges (uid, ends, predicate key). A backend that holds the user's facts in memory gives
   * them whole; a server backend sends only these fields, and the walk's caller loads the few
   * facts it ranks by uid ({@link factsByUids}).
   */
  incidentEdges(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity?: number,
  ): Promise<FactEdge[]> {
    return this.incidentFacts(userId, entityUids, time, keys, maxPerEntity);
  }

  /**
   * Searches a user's stored turns by full text (BM25 over their words) and by similarity of
   * their embeddings; each signal returns its own ranking.
   */
  abstract searchEpisodes(userId: string, query: EpisodeQuery): Promise<EpisodeHits>;

  /**
   * For each given episode, the uids of the turns just before and after it in its thread
   * (`window` on each side): the conversation around a hit.
   */
  abstract episodeNeighbours(
    userId: string,
    uids: readonly string[],
    window: number,
  ): Promise<Map<string, string[]>>;

  /**
   * The `k` facts of a user whose statements are most similar to `vector`, best first; with
   * `among`, only among those facts (the ones a walk reached), else among all the user's facts.
   */
  abstract similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]>;

  /** The distinct predicate keys of a user's facts (the relations their memory uses). */
  abstract predicateKeys(userId: string): Promise<string[]>;

  /** A user's facts, filtered; ordered by validFrom. */
  abstract listFacts(userId: string, filter: FactFilter): Promise<Fact[]>;

  /** A user's entities, most mentioned first. */
  abstract listEntities(userId: string, limit: number): Promise<Entity[]>;

  /** Deletes one fact of a user; false when the user has no such fact. */
  abstract deleteFact(userId: string, factUid: string): Promise<boolean>;

  /** Where the data is, for messages: a database file, or a server's address. */
  abstract readonly location: string;

  /** The Cypher dialect of this backend's statements and console. */
  abstract readonly dialect: CypherDialect;

  /**
   * Runs one raw Cypher statement with parameters (the console). With `readOnly` the statement
   * must pass {@link GraphStore.checkReadOnly} first, or nothing reaches the database.
   *
   * @throws StatementNotAllowedError when `readOnly` and the statement is not a plain read
   */
  async runCypher(
    statement: string,
    params: Record<string, unknown> = {},
    options: CypherOptions = {},
  ): Promise<CypherResult> {
    refuseTransactionControl(statement);
    if (options.readOnly) {
      const verdict = await this.checkReadOnly(statement, params);
      if (!verdict.allowed)
        throw new StatementNotAllowedError(`read-only: ${verdict.reason}; nothing was run`);
    }
    return this.executeConsole(statement, params, options);
  }

  /**
   * Whether a raw statement may run where only reading is allowed: a query of this database and
   * nothing else. Decided in two steps, both allow-lists: the statement's clauses, checked before
   * anything reaches the database (`read-policy/policy.ts`), then the database's own plan of it
   * (every operator a reading one). The statement is never run.
   */
  async checkReadOnly(statement: string, params: Record<string, unknown> = {}): Promise<ReadVerdict> {
    const clauses = checkStatement(statement, this.dialect);
    if (!clauses.allowed) return clauses;
    return checkPlan(await this.explain(statement, params), this.dialect);
  }

  /**
   * The database's plan of one statement (that passed the clause check), without running it;
   * `writes` when the database says it would change anything.
   */
  protected abstract explain(statement: string, params: Record<string, unknown>): Promise<PlanSummary>;

  /** Runs one console statement as the database takes it (after {@link GraphStore.runCypher}'s checks). */
  protected abstract executeConsole(
    statement: string,
    params: Record<string, unknown>,
    options: CypherOptions,
  ): Promise<CypherResult>;

  /** Releases the database; further calls fail with `ClosedError`. */
  abstract close(): Promise<void>;

  /**
   * The primitive the shared methods below are built on: runs named statements in order in
   * one read or write transaction (all or nothing) and returns each statement's rows.
   */
  protected abstract runStatements(
    mode: 'read' | 'write',
    statements: readonly Statement[],
  ): Promise<Row[][]>;

  /** Runs one named read statement. */
  protected async readRows(name: string, params: Record<string, unknown>): Promise<Row[]> {
    return (await this.runStatements('read', [{ name, params }]))[0] ?? [];
  }

  /** Runs one named write statement in its own transaction. */
  protected async writeRows(name: string, params: Record<string, unknown>): Promise<Row[]> {
    return (await this.runStatements('write', [{ name, params }]))[0] ?? [];
  }

  /** Deletes one entity of a user with every fact touching it; false when absent. */
  async deleteEntity(userId: string, entityUid: string): Promise<boolean> {
    if (!(await this.entityByUid(userId, entityUid))) return false;
    await this.writeRows('entity-delete', { userId, uid: entityUid });
    return true;
  }

  /** Deletes a user and everything they own; false when the user did not exist. */
  async deleteUser(userId: string): Promise<boolean> {
    if (!(await this.hasUser(userId))) return false;
    const parts = ['user-delete-keys', 'user-delete-entities', 'user-delete-episodes', 'user-delete-items'];
    await this.runStatements(
      'write',
      [...parts, 'user-delete'].map((name) => ({ name, params: { userId } })),
    );
    return true;
  }

  /** Entities of a user by uid; uids of other users are silently absent. */
  async entitiesByUids(userId: string, uids: readonly string[]): Promise<Entity[]> {
    if (uids.length === 0) return [];
    const rows = await this.readRows('entities-by-uids', { userId, uids: [...new Set(uids)] });
    return rows.map((r) => entityFromRow(r, userId));
  }

  /**
   * Facts, current and closed, leaving the given subjects with the given predicate keys, as lean
   * timeline references (what the temporal rules of the write path need).
   */
  async factsFrom(
    userId: string,
    pairs: readonly { subjectUid: string; key: string }[],
  ): Promise<FactTimelineRef[]> {
    if (pairs.length === 0) return [];
    return (await this.readRows('facts-from', { userId, pairs: [...pairs] })).map(factTimelineFromRow);
  }

  /** One fact of a user by uid, current or closed; `undefined` for an unknown or another user's uid. */
  async factByUid(userId: string, uid: string): Promise<Fact | undefined> {
    const row = (await this.readRows('fact-by-uid', { userId, uid }))[0];
    return row ? factFromRow(row, userId) : undefined;
  }

  /** Every user id, sorted. */
  async users(): Promise<string[]> {
    return (await this.readRows('users-list', {})).map((r) => String(r.id));
  }

  /** Whether the user exists. */
  async hasUser(userId: string): Promise<boolean> {
    return (await this.readRows('user-exists', { userId })).length > 0;
  }

  /** A user's sizes. */
  async stats(userId: string): Promise<UserStats> {
    const row = (await this.readRows('user-stats', { userId }))[0];
    return {
      entities: Number(row?.entities ?? 0),
      facts: Number(row?.facts ?? 0),
      currentFacts: Number(row?.currentFacts ?? 0),
    };
  }

  /**
   * Makes room for vectors of `dimension` before `kgmem reembed` (Neo4j's vector indexes and the
   * embedded store's in-process indexes are sized by dimension); nothing to do when it does not
   * change.
   */
  abstract prepareReembedding(dimension: number): Promise<void>;

  /** Forgets the embeddings of a user's episodes and facts (embedded again by {@link missingVectors}). */
  async clearVectors(userId: string): Promise<void> {
    await this.runStatements('write', [
      { name: 'episodes-clear-vectors', params: { userId } },
      { name: 'facts-clear-vectors', params: { userId } },
    ]);
  }

  /** Replaces the embeddings of some of a user's entities. */
  async setEntityEmbeddings(
    userId: string,
    rows: readonly { uid: string; embedding: ArrayLike<number> }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.writeRows('entities-set-embeddings', {
      userId,
      rows: rows.map((r) => ({ uid: r.uid, embedding: this.encodeEmbedding(r.embedding) })),
    });
  }

  /** How an entity embedding is passed to this backend's statements (Ladybug: list text; Neo4j: a list). */
  protected encodeEmbedding(vector: ArrayLike<number>): unknown {
    return Array.from(vector);
  }

  /** How a vector is passed to this backend's statements (Ladybug: base64 text; Neo4j: a list). */
  protected encodeVector(vector: ArrayLike<number> | undefined): unknown {
    return vector === undefined ? null : Array.from(vector);
  }

  /** Facts of a user by uid, any validity; uids of other users are silently absent. */
  async factsByUids(userId: string, uids: readonly string[]): Promise<Fact[]> {
    if (uids.length === 0) return [];
    const rows = await this.readRows('facts-by-uids', { userId, uids: [...new Set(uids)] });
    return rows.map((r) => factFromRow(r, userId));
  }

  /** Up to `limit` episodes and facts of a user that have no embedding yet. */
  async missingVectors(userId: string, limit: number): Promise<MissingVectors> {
    const [episodes = [], facts = []] = await this.runStatements('read', [
      { name: 'episodes-missing-vectors', params: { userId, limit } },
      { name: 'facts-missing-vectors', params: { userId, limit } },
    ]);
    return {
      episodes: episodes.map((r) => ({
        uid: String(r.uid),
        text: episodeText(episodeFromRow(r, userId).messages),
      })),
      facts: facts.map((r) => ({
        uid: String(r.uid),
        subjectUid: String(r.subjectUid),
        statement: String(r.statement),
      })),
    };
  }

  /** Stores embeddings (and texts) of episodes and facts that lacked them, in one transaction. */
  async setVectors(userId: string, update: VectorUpdate): Promise<void> {
    const statements: Statement[] = [];
    if (update.episodes.length > 0) {
      statements.push({
        name: 'episodes-set-vectors',
        params: {
          userId,
          rows: update.episodes.map((e) => ({
            uid: e.uid,
            text: e.text,
            vector: this.encodeVector(e.vector),
          })),
        },
      });
    }
    if (update.facts.length > 0) {
      statements.push({
        name: 'facts-set-vectors',
        params: {
          userId,
          rows: update.facts.map((f) => ({
            uid: f.uid,
            subjectUid: f.subjectUid,
            vector: this.encodeVector(f.vector),
          })),
        },
      });
    }
    if (statements.length > 0) await this.runStatements('write', statements);
  }

  /**
   * Stores a new episode (status `pending`) with its searchable text and embedding; creates the
   * user if needed.
   */
  async createEpisode(episode: Episode, vector?: ArrayLike<number>): Promise<void> {
    await this.runStatements('write', [
      { name: 'user-merge', params: { userId: episode.userId, at: episode.at.toISOString() } },
      { name: 'episode-create', params: this.episodeCreateParams(episode, vector) },
    ]);
  }

  /** The parameters of `episode-create` for one turn (a backend may store more, such as concepts). */
  protected episodeCreateParams(episode: Episode, vector?: ArrayLike<number>): Record<string, unknown> {
    return {
      userId: episode.userId,
      uid: episode.uid,
      threadId: episode.threadId,
      messages: JSON.stringify(episode.messages),
      contentHash: episode.contentHash,
      at: episode.at.toISOString(),
      text: episodeText(episode.messages),
      vector: this.encodeVector(vector),
    };
  }

  /** A user's episodes: by uid, or filtered by status and thread; oldest first. */
  async episodes(
    userId: string,
    filter: { uids?: readonly string[]; status?: EpisodeStatus; threadId?: string; limit: number },
  ): Promise<Episode[]> {
    const rows = filter.uids
      ? await this.readRows('episodes-by-uids', { userId, uids: [...new Set(filter.uids)] })
      : await this.readRows('episodes-list', {
          userId,
          status: filter.status ?? '',
          threadId: filter.threadId ?? '',
          limit: filter.limit,
        });
    return rows.map((r) => episodeFromRow(r, userId));
  }

  /** Records the outcome of an extraction that wrote nothing (failed, or nothing to write). */
  async setEpisodeStatus(
    userId: string,
    uid: string,
    update: { status: EpisodeStatus; error: string; summary: string },
  ): Promise<void> {
    await this.writeRows('episode-status', { userId, uid, ...update });
  }

  /**
   * Writes LangGraph store items (insert or replace, keeping createdAt and seq) in one
   * transaction; creates their users if needed.
   */
  async putItems(items: readonly Omit<StoredItem, 'createdAt' | 'updatedAt'>[], at: Date): Promise<void> {
    if (items.length === 0) return;
    const iso = at.toISOString();
    await this.runStatements('write', [
      ...[...new Set(items.map((i) => i.userId))].map((userId) => ({
        name: 'user-merge',
        params: { userId, at: iso },
      })),
      { name: 'items-put', params: { rows: items.map((i) => ({ ...i })), at: iso } },
    ]);
  }

  /** Deletes store items by id; absent ids are ignored. */
  async deleteItems(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.writeRows('items-delete', { ids: [...ids] });
  }

  /** Store items by id (absent ones are missing from the result). */
  async itemsByIds(ids: readonly string[]): Promise<StoredItem[]> {
    if (ids.length === 0) return [];
    return (await this.readRows('items-by-ids', { ids: [...new Set(ids)] })).map(storedItemFromRow);
  }

  /** Store items whose namespace path starts with `prefix` (`""` = all), in insertion order. */
  async itemsUnder(prefix: string): Promise<StoredItem[]> {
    return (await this.readRows('items-under', { prefix })).map(storedItemFromRow);
  }

  /** The distinct namespace paths of all store items. */
  async itemPaths(): Promise<string[]> {
    return (await this.readRows('items-namespaces', {})).map((r) => String(r.path));
  }

  /** The highest store item sequence number, or 0. */
  async maxItemSeq(): Promise<number> {
    return Number((await this.readRows('items-max-seq', {}))[0]?.seq ?? 0);
  }

  /**
   * Entities whose names match words of a text through a full-text index, best first, scores in
   * [0, 1]. Backends without one return nothing (linking then relies on key lookups).
   */
  async nameMatches(_userId: string, _text: string, _k: number): Promise<ScoredEntity[]> {
    return [];
  }

  /**
   * A user's entities whose name or an alias matches a search as it is typed: exact, prefix,
   * word starts or near spellings (see `rankNames`), best first. Here over every entity of the
   * user; backends with a name index narrow the candidates first.
   */
  async searchNames(userId: string, query: string, limit: number): Promise<NameMatch[]> {
    const entities = await this.listEntities(userId, Number.MAX_SAFE_INTEGER);
    return rankNames(
      query,
      entities.map((e) => ({ uid: e.uid, names: [e.name, ...e.aliases], mentions: e.mentions })),
      limit,
    );
  }

  /** One entity of a user by lookup key, or `undefined`. */
  async entityByKey(userId: string, key: string): Promise<Entity | undefined> {
    return (await this.entitiesByKeys(userId, [key])).get(key);
  }

  /** One entity of a user by uid, or `undefined`. */
  async entityByUid(userId: string, uid: string): Promise<Entity | undefined> {
    return (await this.entitiesByUids(userId, [uid]))[0];
  }
}
