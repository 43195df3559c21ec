import { episodeText } from '../../model/episode-text.js';
import { InvalidInputError } from '../../model/errors.js';
import { tokenize } from '../../model/normalize.js';
import type { Episode } from '../../model/types.js';
import type { FactEdge, ScoredEntity, TimeScope } from '../base.js';
import { allowedEdits, type NameMatch, rankNames } from '../name-search.js';
import { Neo4jConnection } from './connection.js';
import { DEFAULT_NEO4J_TRIPLES_PER_TRANSACTION } from './options.js';
import {
  luceneQuery,
  MAX_NAME_SEARCH_WORDS,
  MAX_NAME_WORD_LENGTH,
  MAX_QUERY_TERMS,
  storedTerms,
  userQuery,
  userSearchKey,
} from './queries.js';
import { neo4jSearch } from './search.js';
import { UserStateReads, userStateFromRow } from './user-state.js';
import { WriteKeyedCache } from './write-keyed-cache.js';

// Users whose vocabulary one store keeps (the oldest read is dropped first).
const VOCABULARY_USERS = 1000;

/**
 * The Neo4j 5 backend: one driver per memory, a session per operation, managed transactions
 * (`executeRead` / `executeWrite`, which retry transient errors) and one bookmark manager, so
 * every read sees the writes this store made before it, on a cluster too. Every statement comes
 * from `cypher/neo4j/*.cypher` with parameters typed by its declaration (`statements.ts`).
 * Similarity and full-text search are its search ports (`search.ts`).
 */
export class Neo4jStore extends Neo4jConnection {
  /** Each user's predicate vocabulary with the write count it was read at (see `predicateKeys`). */
  private readonly vocabulary = new WriteKeyedCache<readonly string[]>(VOCABULARY_USERS);
  /** Each user's state, read once per read scope (a recall's reads). */
  private readonly states = new UserStateReads(async (userId) =>
    userStateFromRow((await this.readRows('user-state', { userId }))[0]),
  );
  protected override readonly search = neo4jSearch(
    { read: (name, params) => this.readRows(name, params), userState: (userId) => this.states.of(userId) },
    this.options,
  );

  /** A recall's reads of one user: its state (write count, index shares) is read once, as it starts. */
  override readScope<T>(userId: string, body: () => Promise<T>): Promise<T> {
    return this.states.within(userId, body);
  }

  /** At most `triplesPerTransaction` (5,000 by default) triples per write transaction. */
  override triplesPerTransaction(_dimension: number): number {
    const size = this.options.triplesPerTransaction ?? DEFAULT_NEO4J_TRIPLES_PER_TRANSACTION;
    if (Number.isInteger(size) && size >= 1) return size;
    throw new InvalidInputError(
      `Neo4jStore: triplesPerTransaction must be a whole number of at least 1, got ${size}; leave it unset for ${DEFAULT_NEO4J_TRIPLES_PER_TRANSACTION}`,
    );
  }

  /** Stores each turn's terms and concept terms with it, for the two full-text indexes. */
  protected override episodeCreateParams(
    episode: Episode,
    vector?: ArrayLike<number>,
  ): Record<string, unknown> {
    return { ...super.episodeCreateParams(episode, vector), ...storedTerms(episodeText(episode.messages)) };
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
      this.incidentParams(userId, entityUids, time, keys, maxPerEntity),
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
   * every write's lock and by every delete of a fact or entity, in any process) and read again only
   * when that count moved. Deleting the user removes the count, and a user without one is read
   * every time.
   */
  override async predicateKeys(userId: string): Promise<string[]> {
    const state = await this.states.of(userId);
    const writes = state.exists ? state.writes : null;
    const kept = this.vocabulary.get(userId, writes);
    if (kept) return [...kept];
    const keys = (await this.readRows('facts-predicate-keys', { userId })).map((r) => String(r.key));
    this.vocabulary.set(userId, writes, keys);
    return [...keys];
  }

  /** Drops what is kept of the users a write touches (every user's on a write without one). */
  protected override forgetUserCaches(statements: readonly { params?: Record<string, unknown> }[]): void {
    for (const { params } of statements) {
      const userId = params?.userId;
      if (typeof userId === 'string') {
        this.vocabulary.forget(userId);
        this.search.vectors.forget(userId);
        this.search.text.forget(userId);
        this.states.forget(userId);
      } else {
        this.vocabulary.forget();
        this.search.vectors.forget();
        this.search.text.forget();
        this.states.forget();
      }
    }
  }
}
