import type { EpisodeSearchRow, StoredVector } from '../records.js';
import type { SearchPorts } from '../search-port.js';
import { episodeIndexOf, indexSearch, vectorIndexOf } from './index-search.js';

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
export function scanSearch(source: ScanSource): SearchPorts {
  return indexSearch({
    vectorIndex: async (userId) =>
      vectorIndexOf(await source.vectors(userId, 'entities'), source.dimension()),
    factIndex: async (userId) => vectorIndexOf(await source.vectors(userId, 'facts'), source.dimension()),
    episodeIndex: async (userId) => episodeIndexOf(await source.episodes(userId), source.dimension()),
  });
}
