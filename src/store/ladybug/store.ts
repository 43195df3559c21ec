import { CachedStore } from '../cache/cached-store.js';
import { snapshotFolder } from '../cache/snapshot.js';
import type { LadybugStoreOptions } from './options.js';
import { RawLadybugStore } from './raw-store.js';

export {
  DEFAULT_BUFFER_POOL,
  DEFAULT_CACHE_LIMIT,
  type LadybugStoreOptions,
} from './options.js';
export { RawLadybugStore };

/**
 * The embedded default store: a LadybugDB database file ({@link RawLadybugStore}) wrapped in the
 * cache every store can have (`cache/cached-store.ts`), its snapshots beside the database
 * (`<database>.snapshots/`). `inMemoryGraph: false` keeps the search indexes only.
 */
export class LadybugStore extends CachedStore {
  constructor(readonly options: LadybugStoreOptions) {
    super(new RawLadybugStore(options), {
      graph: options.inMemoryGraph ?? true,
      ...(options.cacheLimit !== undefined ? { cacheLimit: options.cacheLimit } : {}),
      ...(options.snapshotMinSize !== undefined ? { snapshotMinSize: options.snapshotMinSize } : {}),
      ...(options.path !== ':memory:' ? { snapshotDir: snapshotFolder(options.path) } : {}),
      readOnly: options.readOnly ?? false,
    });
  }
}
