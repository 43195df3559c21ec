import type { EpisodeQuery, ScoredEntity } from '../records.js';
import type { SearchPorts, TextSearch, VectorSearch } from '../search-port.js';
import type { UserCopies } from './copies.js';

/**
 * Similarity search over a cache's copies: exact cosine over the in-process vector indexes of
 * the user's entities, facts and turns (`UserCopies`, read from the store on first use).
 */
class CopiesVectorSearch implements VectorSearch {
  constructor(private readonly copies: UserCopies) {}

  async similarEntities(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return (await this.copies.vectorIndex(userId)).search(vector, k, minScore);
  }

  async similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]> {
    const index = await this.copies.factIndex(userId);
    return among ? index.searchAmong(among, vector, k, minScore) : index.search(vector, k, minScore);
  }

  async similarEpisodes(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return (await this.copies.episodeIndex(userId)).searchVectors(vector, k, minScore);
  }
}

/** Full-text search over a cache's copies: in-process BM25 over the user's turns (`EpisodeIndex`). */
class CopiesTextSearch implements TextSearch {
  constructor(private readonly copies: UserCopies) {}

  async searchEpisodes(
    userId: string,
    query: Omit<EpisodeQuery, 'vector' | 'minSimilarity'>,
  ): Promise<ScoredEntity[]> {
    return (await this.copies.episodeIndex(userId)).searchText(query);
  }
}

/** Both search ports over a cache's in-process copies. */
export function copiesSearch(copies: UserCopies): SearchPorts {
  return { vectors: new CopiesVectorSearch(copies), text: new CopiesTextSearch(copies) };
}
