import { join } from 'node:path';
import type { GraphStore } from '../../src/store/base.js';
import { LadybugStore } from '../../src/store/ladybug/store.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { StoreInitializer } from './types.js';

const folders = new WeakMap<GraphStore, () => void>();

/**
 * A real LadybugDB database file in a fresh temporary folder per test, with the read path served
 * from the in-process graph copy (the default) or straight from the database.
 */
export function ladybugInitializer(inMemoryGraph: boolean): StoreInitializer {
  return {
    name: inMemoryGraph ? 'ladybug' : 'ladybug (database reads only)',
    async create() {
      const dir = tempDir('kgmem-ladybug-');
      const store = new LadybugStore({ path: join(dir.path, 'graph.lbug'), inMemoryGraph });
      folders.set(store, dir.remove);
      return store;
    },
    async destroy(store) {
      await store.close();
      folders.get(store)?.();
    },
  };
}
