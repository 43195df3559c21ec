import type { GraphStore } from '../../src/store/base.js';
import { CachedStore } from '../../src/store/cache/cached-store.js';
import type { StoreInitializer } from '../../src/store/conformance/types.js';
import { Neo4jStore } from '../../src/store/neo4j/store.js';

/** Connection settings from the environment, or undefined when Neo4j is not configured. */
export function neo4jSettings():
  | { uri: string; user: string; password: string; database?: string }
  | undefined {
  const uri = process.env.NEO4J_URI;
  if (!uri) return undefined;
  return {
    uri,
    user: process.env.NEO4J_USER ?? 'neo4j',
    password: process.env.NEO4J_PASSWORD ?? '',
    ...(process.env.NEO4J_DATABASE ? { database: process.env.NEO4J_DATABASE } : {}),
  };
}

/**
 * A Neo4j store on the server named by NEO4J_URI, emptied of kgmem data before and after each
 * test (a fresh database state per run). `exactSearchLimit` picks the similarity path:
 * exact cosine over the user's entities, or the vector index with over-fetch and user filter;
 * `cached` wraps the store in the cache (`cache/cached-store.ts`), reads served from its copies.
 */
export function neo4jInitializer(name: string, exactSearchLimit: number, cached = false): StoreInitializer {
  const clear = async (store: GraphStore) => {
    const cleaner = new Neo4jStore({ ...(neo4jSettings() as NonNullable<ReturnType<typeof neo4jSettings>>) });
    await cleaner.open(64);
    await cleaner.clearAll();
    await cleaner.close();
    return store;
  };
  return {
    name,
    async create() {
      const settings = neo4jSettings();
      if (!settings) throw new Error('NEO4J_URI is not set');
      const store = new Neo4jStore({ ...settings, exactSearchLimit });
      return clear(cached ? new CachedStore(store) : store);
    },
    async destroy(store) {
      await store.close();
      await clear(store);
    },
  };
}
