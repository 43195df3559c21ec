import type { ScoredEntity } from '../records.js';
import type { Row } from '../rows.js';
import type { SearchPorts, VectorSearch } from '../search-port.js';
import { isSearchable } from './batch.js';
import type { Neo4jStoreOptions } from './options.js';
import { SIMILARITY_STATEMENTS, type SimilarityKind } from './queries.js';
import type { Neo4jStatementRunner } from './statement-runner.js';
import { Neo4jTextSearch } from './text-search.js';
import type { IndexShare } from './user-state.js';
import { WriteKeyedCache } from './write-keyed-cache.js';

// Users whose fact count one store keeps (the oldest read is dropped first).
const COUNTED_USERS = 1000;

/**
 * Similarity search through Neo4j's vector indexes, correct at any index size: exact cosine over
 * the user's own below `exactSearchLimit`, and when the vector index would have to be
 * over-fetched past `maxCandidates` to hold k of theirs (a small share of a big index).
 * Otherwise the index, fetched again with four times the candidates while fewer than k of the
 * user's were found and better ones may remain; exact when that bound is passed.
 */
export class Neo4jVectorSearch implements VectorSearch {
  /** Each user's fact count with the write count it was read at (see `share`). */
  private readonly factCounts = new WriteKeyedCache<number>(COUNTED_USERS);

  constructor(
    private readonly run: Neo4jStatementRunner,
    private readonly options: Neo4jStoreOptions,
  ) {}

  similarEntities(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return this.similar('entities', userId, vector, k, minScore);
  }

  similarEpisodes(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return this.similar('episodes', userId, vector, k, minScore);
  }

  async similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]> {
    if (k <= 0 || !isSearchable(vector)) return [];
    if (!among) return this.similar('facts', userId, vector, k, minScore);
    if (among.length === 0) return [];
    const rows = await this.run.read('facts-similar-among', {
      userId,
      vector,
      k,
      minScore: (1 + minScore) / 2,
      uids: [...among],
    });
    return rows.map((r) => ({ uid: String(r.uid), score: 2 * Number(r.score) - 1 }));
  }

  /** Forgets the fact count kept of a user (of every user without one): a write changed it. */
  forget(userId?: string): void {
    this.factCounts.forget(userId);
  }

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
      return out(await this.run.read(exact, params));
    const index = statements.index.name;
    for (;;) {
      const round = (await this.run.read(index, { ...params, candidates }))[0];
      const hits = (Array.isArray(round?.hits) ? round.hits : []) as Row[];
      const exhausted =
        hits.length >= k ||
        Number(round?.fetched ?? 0) < candidates ||
        Number(round?.floor ?? 0) < params.minScore;
      if (exhausted) return out([...hits].sort((a, b) => Number(b.score) - Number(a.score)).slice(0, k));
      candidates *= 4;
      if (candidates > limit) return out(await this.run.read(exact, params));
    }
  }

  /**
   * How many entities (turns, facts) the vector index holds and how many are the user's: read
   * with the user's state (`user-state`, once per recall). A user's entity and turn counts are
   * its node's degrees; its fact count is kept with the user's write count and counted again only
   * when that moved (every write and every delete of a fact or entity moves it, in any process).
   */
  private async share(kind: SimilarityKind, userId: string): Promise<IndexShare> {
    const state = await this.run.userState(userId);
    if (!state.exists) return { own: 0, total: 0 };
    if (kind === 'entities') return state.entities;
    if (kind === 'episodes') return state.episodes;
    return { own: await this.factCount(userId, state.writes), total: state.factTotal };
  }

  /** The user's fact count: kept with the write count it was counted at. */
  private async factCount(userId: string, writes: number | null): Promise<number> {
    const known = this.factCounts.get(userId, writes);
    if (known !== undefined) return known;
    const [row] = await this.run.read('user-fact-count', { userId });
    const own = Number(row?.own ?? 0);
    this.factCounts.set(
      userId,
      row?.writes === null || row?.writes === undefined ? null : Number(row.writes),
      own,
    );
    return own;
  }
}

/** Both search ports of the Neo4j adapter. */
export function neo4jSearch(
  run: Neo4jStatementRunner,
  options: Neo4jStoreOptions,
): SearchPorts & { vectors: Neo4jVectorSearch; text: Neo4jTextSearch } {
  return { vectors: new Neo4jVectorSearch(run, options), text: new Neo4jTextSearch(run) };
}
