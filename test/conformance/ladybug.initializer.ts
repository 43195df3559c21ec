import { join } from 'node:path';
import type { GraphStore } from '../../src/store/base.js';
import type { StoreInitializer } from '../../src/store/conformance/types.js';
import { LadybugStore, RawLadybugStore } from '../../src/store/ladybug/store.js';
import { tempDir } from '../helpers/temp-dir.js';

const folders = new WeakMap<GraphStore, () => void>();

/** How the embedded store is read: uncached, cached (the default), or cached search indexes only. */
export type LadybugVariant = 'raw' | 'cached' | 'cached search only';

/**
 * A real LadybugDB database file in a fresh temporary folder per test: the raw store (every read
 * a statement, every search a scan of the rows), the store a memory uses (wrapped in the cache:
 * graph reads and searches from the in-process copies), or the cache keeping its search indexes
 * only (graph reads from the database).
 */
export function ladybugInitializer(variant: LadybugVariant): StoreInitializer {
  return {
    name: `ladybug (${variant})`,
    async create() {
      const dir = tempDir('kgmem-ladybug-');
      const path = join(dir.path, 'graph.lbug');
      const store =
        variant === 'raw'
          ? new RawLadybugStore({ path })
          : new LadybugStore({ path, inMemoryGraph: variant === 'cached' });
      folders.set(store, dir.remove);
      return store;
    },
    async destroy(store) {
      await store.close();
      folders.get(store)?.();
    },
  };
}
