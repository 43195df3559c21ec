import { episodeText } from '../../model/episode-text.js';
import { tokenize } from '../../model/normalize.js';
import { searchTerms } from '../../model/text.js';
import type { Episode, Fact } from '../../model/types.js';
import type { EpisodeHits, EpisodeQuery, FactEdge, ScoredEntity, TimeScope } from '../base.js';
import { capPerEntity } from '../cap.js';
import { BM25_K1, weightedTerms } from '../episode-terms.js';
import { allowedEdits, type NameMatch, rankNames } from '../name-search.js';
import { episodeFromRow, factFromRow, type Row } from '../rows.js';
import { isSearchable } from './batch.js';
import {
  incidentParams,
  luceneQuery,
  luceneTerm,
  MAX_NAME_SEARCH_WORDS,
  MAX_NAME_WORD_LENGTH,
  MAX_QUERY_TERMS,
  SIMILARITY_STATEMENTS,
  type SimilarityKind,
  storedTerms,
  termQuery,
  userQuery,
  userSearchKey,
} from './queries.js';

// Meta key of the migration that replaced stored zero vectors by none.
const _ZERO_VECTORS_META_KEY = 'zeroVectors';
// Meta key of the migration that gave older entities and episodes their user's full-text key.
const _USER_KEYS_META_KEY = 'userKeys';
// Turns given their concepts per statement when a database written before concept indexing is searched.
const CONCEPT_BATCH = 500;
// With a concept search, each full-text field returns this many times the hits wanted before
// their scores are added up per turn.
const CONCEPT_DEPTH = 4;
// How often a write is planned again after a uniqueness race with another writer.
const _CONSTRAINT_RETRIES = 3;

// Users whose vocabulary (and fact count) one store keeps (the oldest read is dropped first).
const VOCABULARY_USERS = 1000;

import { Neo4jConnection } from './connection.js';

/**
 * The Neo4j 5 backend: one driver per memory, a session per operation, managed transactions
 * (`executeRead` / `executeWrite`, which retry transient errors) and one bookmark manager, so
 * every read sees the writes this store made before it, on a cluster too. Every statement comes
 * from `cypher/neo4j/*.cypher` with parameters typed by its declaration (`statements.ts`).
 */
export class Neo4jStore extends Neo4jConnection {
  /** Each user's predicate vocabulary with the write count it was read at (see `predicateKeys`). */
  private readonly vocabulary = new Map<string, { writes: number; keys: readonly string[] }>();
  /** Each user's fact count with the write count it was read at (see `share`). */
  private readonly factCounts = new Map<string, { writes: number; own: number }>();
  // Users whose turns stored before they kept their search terms were given them (this process).
  private readonly termsChecked = new Set<string>();

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

  /** Drops what is kept of the users a write touches (every user's on a write without one). */
  protected override forgetUserCaches(statements: readonly { params?: Record<string, unknown> }[]): void {
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
}
