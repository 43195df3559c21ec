import type { EpisodeQuery, ScoredEntity } from './records.js';

/**
 * Similarity search over a user's stored vectors: in process (exact cosine over a cache's copies,
 * or over the rows scanned for one search) or through the database's own vector index (Neo4j). Every method is
 * scoped to one user; scores are cosine similarities (−1…1), best first.
 */
export interface VectorSearch {
  /** The `k` entities of a user most similar to `vector`, at least `minScore`. */
  similarEntities(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]>;
  /**
   * The `k` facts of a user whose statements are most similar to `vector`; with `among`, only
   * among those facts (the ones a walk reached), else among all the user's facts.
   */
  similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]>;
  /** The `k` stored turns of a user most similar to `vector`. */
  similarEpisodes(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]>;
}

/**
 * Full-text search over a user's stored turns: BM25 over their words (and, when the query
 * carries concepts, over their words' concepts), in process or through the database's full-text
 * index (Lucene), on the same scale.
 */
export interface TextSearch {
  /** The best `query.k` turns of a user for the query's words, expansion and concepts. */
  searchEpisodes(
    userId: string,
    query: Omit<EpisodeQuery, 'vector' | 'minSimilarity'>,
  ): Promise<ScoredEntity[]>;
}

/** The two search ports a backend provides. */
export interface SearchPorts {
  readonly vectors: VectorSearch;
  readonly text: TextSearch;
}
