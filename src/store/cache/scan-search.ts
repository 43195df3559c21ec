import type { EpisodeQuery, EpisodeSearchRow, ScoredEntity, StoredVector } from '../records.js';
import type { SearchPorts, TextSearch, VectorSearch } from '../search-port.js';
import { EpisodeIndex } from './episode-index.js';
import { UserVectorIndex } from './vector-index.js';

/** The rows a scan reads, from the store it searches. */
export interface ScanSource {
  vectors(userId: string, of: 'entities' | 'facts'): Promise<StoredVector[]>;
  episodes(userId: string): Promise<EpisodeSearchRow[]>;
  dimension(): number;
}

/**
 * Search for a store with no index of its own and no cache around it: each search reads the
 * user's stored vectors (or turns) and ranks them exactly, as the cache's copies would, then
 * keeps nothing. Right for a store read uncached (tests of the database path, one-off reads);
 * a memory wraps the store in a cache (`cached-store.ts`), whose copies hold these indexes.
 */
class ScanSearch implements VectorSearch, TextSearch {
  constructor(private readonly source: ScanSource) {}

  private async index(userId: string, of: 'entities' | 'facts'): Promise<UserVectorIndex> {
    const index = new UserVectorIndex(this.source.dimension());
    for (const { uid, vector } of await this.source.vectors(userId, of))
      if (vector.length === this.source.dimension()) index.add(uid, vector);
    return index;
  }

  private async turns(userId: string): Promise<EpisodeIndex> {
    const index = new EpisodeIndex(this.source.dimension());
    for (const row of await this.source.episodes(userId))
      index.add(row.uid, row.text, row.vector, row.threadId, row.at);
    return index;
  }

  async similarEntities(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return (await this.index(userId, 'entities')).search(vector, k, minScore);
  }

  async similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]> {
    const index = await this.index(userId, 'facts');
    return among ? index.searchAmong(among, vector, k, minScore) : index.search(vector, k, minScore);
  }

  async similarEpisodes(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return (await this.turns(userId)).searchVectors(vector, k, minScore);
  }

  async searchEpisodes(
    userId: string,
    query: Omit<EpisodeQuery, 'vector' | 'minSimilarity'>,
  ): Promise<ScoredEntity[]> {
    return (await this.turns(userId)).searchText(query);
  }
}

/** Both search ports, by scanning the store's rows on each search. */
export function scanSearch(source: ScanSource): SearchPorts {
  const search = new ScanSearch(source);
  return { vectors: search, text: search };
}
