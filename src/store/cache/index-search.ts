import type { EpisodeQuery, EpisodeSearchRow, ScoredEntity, StoredVector } from '../records.js';
import type { SearchPorts, TextSearch, VectorSearch } from '../search-port.js';
import { EpisodeIndex } from './episode-index.js';
import { UserVectorIndex } from './vector-index.js';

/** Where a search gets a user's in-process indexes: a cache's copies, or rows scanned for it. */
export interface IndexSource {
  /** The user's entity vectors. */
  vectorIndex(userId: string): Promise<UserVectorIndex>;
  /** The user's fact statement vectors. */
  factIndex(userId: string): Promise<UserVectorIndex>;
  /** The user's turns: BM25 over their words and concepts, and their vectors. */
  episodeIndex(userId: string): Promise<EpisodeIndex>;
}

/**
 * Similarity search over in-process indexes: exact cosine over the vectors of the user's
 * entities, facts and turns.
 */
class IndexVectorSearch implements VectorSearch {
  constructor(private readonly source: IndexSource) {}

  async similarEntities(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return (await this.source.vectorIndex(userId)).search(vector, k, minScore);
  }

  async similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]> {
    const index = await this.source.factIndex(userId);
    return among ? index.searchAmong(among, vector, k, minScore) : index.search(vector, k, minScore);
  }

  async similarEpisodes(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return (await this.source.episodeIndex(userId)).searchVectors(vector, k, minScore);
  }
}

/** Full-text search over an in-process turn index: BM25 over the user's turns (`EpisodeIndex`). */
class IndexTextSearch implements TextSearch {
  constructor(private readonly source: IndexSource) {}

  async searchEpisodes(
    userId: string,
    query: Omit<EpisodeQuery, 'vector' | 'minSimilarity'>,
  ): Promise<ScoredEntity[]> {
    return (await this.source.episodeIndex(userId)).searchText(query);
  }
}

/** Both search ports over in-process indexes. */
export function indexSearch(source: IndexSource): SearchPorts {
  return { vectors: new IndexVectorSearch(source), text: new IndexTextSearch(source) };
}

/** An exact-cosine index of stored vectors (those of another dimension are left out). */
export function vectorIndexOf(rows: readonly StoredVector[], dimension: number): UserVectorIndex {
  const index = new UserVectorIndex(dimension);
  for (const { uid, vector } of rows) if (vector.length === dimension) index.add(uid, vector);
  return index;
}

/** A turn index of stored turns. */
export function episodeIndexOf(rows: readonly EpisodeSearchRow[], dimension: number): EpisodeIndex {
  const index = new EpisodeIndex(dimension);
  for (const row of rows) index.add(row.uid, row.text, row.vector, row.threadId, row.at);
  return index;
}
