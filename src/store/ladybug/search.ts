import type { EpisodeQuery, ScoredEntity } from '../records.js';
import type { SearchPorts, TextSearch, VectorSearch } from '../search-port.js';
import type { UserCopies } from './copies.js';

/**
 * Similarity search on the embedded store: exact cosine over the in-process vector indexes of
 * the user's entities, facts and turns (`UserCopies`, read from the database on first use).
 */
class LadybugVectorSearch implements VectorSearch {
  constructor(private readonly copies: UserCopies) {}

  async similarEntities(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return this.copies.vectorIndex(userId).search(vector, k, minScore);
  }

  async similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]> {
    const index = this.copies.factIndex(userId);
    return among ? index.searchAmong(among, vector, k, minScore) : index.search(vector, k, minScore);
  }

  async similarEpisodes(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return this.copies.episodeIndex(userId).searchVectors(vector, k, minScore);
  }
}

/** Full-text search on the embedded store: in-process BM25 over the user's turns (`EpisodeIndex`). */
class LadybugTextSearch implements TextSearch {
  constructor(private readonly copies: UserCopies) {}

  async searchEpisodes(
    userId: string,
    query: Omit<EpisodeQuery, 'vector' | 'minSimilarity'>,
  ): Promise<ScoredEntity[]> {
    return this.copies.episodeIndex(userId).searchText(query);
  }
}

/** Both search ports of the embedded store, over its in-process copies. */
export function ladybugSearch(copies: UserCopies): SearchPorts {
  return { vectors: new LadybugVectorSearch(copies), text: new LadybugTextSearch(copies) };
}
