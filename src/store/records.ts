import type { Entity, Episode, Fact } from '../model/types.js';
import type { GraphStore } from './base.js';

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
  /** Records kept beside the graph in the same transaction (a name joining an entity: `merge-record.ts`). */
  records?: Omit<StoredItem, 'createdAt' | 'updatedAt'>[];
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

/**
 * What one `forget` removes of a user, in one transaction: facts, entities (with every fact
 * still touching them), and the turns that said them: redacted (the sentences naming what was
 * forgotten gone, text, search terms and embedding made again) or removed.
 */
export interface ForgetPlan {
  factUids: readonly string[];
  entityUids: readonly string[];
  /** Turns kept with fewer words: the episode as it is to be stored, and its new embedding. */
  redacted: readonly { episode: Episode; vector: ArrayLike<number> | undefined }[];
  /** Turns removed whole. */
  removedTurns: readonly string[];
}

/**
 * What a merge or a split of entities rewrites of one user, in one transaction, in this order:
 * facts deleted (a fact that moves to another entity is deleted and written again with the same
 * uid: an edge cannot change its ends), entities deleted, lookup keys deleted, entities' alias
 * lists and mention counts set, records restored (entities with their keys, facts with their
 * times and provenance, turns' MENTIONS edges), keys created, MENTIONS edges dropped, and the
 * merge record, if any, written as an internal item (`merge-record.ts`).
 */
export interface EntityRewrite {
  factUids: readonly string[];
  entityUids: readonly string[];
  deleteKeys: readonly string[];
  entityUpdates: readonly { uid: string; aliases: readonly string[]; mentions: number; at: Date }[];
  restore: Omit<RestoreBatch, 'episodes'>;
  keys: readonly NewEntityKey[];
  dropMentions: readonly { episodeUid: string; entityUid: string }[];
  record: Omit<StoredItem, 'createdAt' | 'updatedAt'> | null;
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

/** One stored vector of an entity or a fact (`GraphReads.storedVectors`). */
export interface StoredVector {
  uid: string;
  vector: Float32Array;
}

/** One stored turn as a turn index takes it (`GraphReads.episodeSearchRows`). */
export interface EpisodeSearchRow {
  uid: string;
  text: string;
  vector: Float32Array | undefined;
  threadId: string;
  at: Date;
}
