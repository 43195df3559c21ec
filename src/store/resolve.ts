import { InvalidInputError } from '../model/errors.js';
import { GraphStore } from './base.js';
import { CachedStore, type CacheOptions } from './cache/cached-store.js';
import { LadybugStore, type LadybugStoreOptions } from './ladybug/store.js';
import type { Neo4jStoreOptions } from './neo4j/options.js';

/**
 * Which store a memory uses: an instance, or the options of one of the two backends. The embedded
 * store is always wrapped in the cache (`cache/cached-store.ts`); a Neo4j store when `cache` is
 * given (`true` for the defaults): every read then checks the user's write generation, one short
 * statement, and the rest is served from the process's copies.
 */
export type StoreOption =
  | GraphStore
  | { neo4j: Neo4jStoreOptions; cache?: CacheOptions | boolean }
  | { ladybug: LadybugStoreOptions };

/**
 * Picks the store: the one given; else Neo4j when `KGMEM_STORE=neo4j` (`NEO4J_URI`, `NEO4J_USER`
 * default `neo4j`, `NEO4J_PASSWORD`, `NEO4J_DATABASE`); else the embedded LadybugDB file.
 */
export async function resolveStore(
  option: StoreOption | undefined,
  databasePath: string,
  env: NodeJS.ProcessEnv,
): Promise<GraphStore> {
  if (option instanceof GraphStore) return option;
  // The Neo4j driver loads only when Neo4j is used (it is most of a CLI command's start-up time).
  const neo4j = async (options: Neo4jStoreOptions, cache?: CacheOptions | boolean) => {
    const store = new (await import('./neo4j/store.js')).Neo4jStore(options);
    return cache ? new CachedStore(store, cache === true ? {} : cache) : store;
  };
  if (option && 'neo4j' in option) return neo4j(option.neo4j, option.cache);
  if (option && 'ladybug' in option)
    return new LadybugStore({ ...ladybugEnvOptions(env), ...option.ladybug });
  if (storeKind(env) === 'neo4j') {
    if (!env.NEO4J_URI) {
      throw new InvalidInputError(
        'KGMEM_STORE=neo4j needs NEO4J_URI (e.g. neo4j://localhost:7687), NEO4J_USER and NEO4J_PASSWORD',
      );
    }
    return neo4j(
      {
        uri: env.NEO4J_URI,
        user: env.NEO4J_USER ?? 'neo4j',
        password: env.NEO4J_PASSWORD ?? '',
        ...(env.NEO4J_DATABASE ? { database: env.NEO4J_DATABASE } : {}),
      },
      neo4jCacheOption(env),
    );
  }
  return new LadybugStore({ path: databasePath, ...ladybugEnvOptions(env) });
}

/**
 * `KGMEM_NEO4J_CACHE=1`: wrap the Neo4j store in the cache (`KGMEM_CACHE_MB` bounds it as for the
 * embedded store); off by default.
 */
function neo4jCacheOption(env: NodeJS.ProcessEnv): CacheOptions | undefined {
  const text = (env.KGMEM_NEO4J_CACHE ?? '').toLowerCase();
  if (text === '' || text === '0' || text === 'false') return undefined;
  if (text !== '1' && text !== 'true')
    throw new InvalidInputError(
      `KGMEM_NEO4J_CACHE must be 1 (cache) or 0 (no cache; the default), got "${env.KGMEM_NEO4J_CACHE}"`,
    );
  return cacheOption(env);
}

/** The embedded store's settings from the environment (options given in code win over them). */
function ladybugEnvOptions(env: NodeJS.ProcessEnv): Omit<LadybugStoreOptions, 'path'> {
  return { ...snapshotOption(env), ...cacheOption(env), ...bufferPoolOption(env) };
}

/** `KGMEM_BUFFER_POOL_MB`: megabytes of the embedded database's buffer pool (`bufferPoolSize`). */
function bufferPoolOption(env: NodeJS.ProcessEnv): { bufferPoolSize?: number } {
  const text = env.KGMEM_BUFFER_POOL_MB;
  if (text === undefined || text === '') return {};
  const value = Number(text);
  if (!Number.isFinite(value) || value < 64)
    throw new InvalidInputError(
      `KGMEM_BUFFER_POOL_MB must be a number of megabytes, 64 or more (got "${text}")`,
    );
  return { bufferPoolSize: Math.round(value * 2 ** 20) };
}

/**
 * `KGMEM_CACHE_MB`: megabytes of per-user copies the embedded store keeps in process (see
 * `LadybugStoreOptions.cacheLimit`).
 */
function cacheOption(env: NodeJS.ProcessEnv): { cacheLimit?: number } {
  const text = env.KGMEM_CACHE_MB;
  if (text === undefined || text === '') return {};
  const value = Number(text);
  if (!Number.isFinite(value) || value < 1)
    throw new InvalidInputError(`KGMEM_CACHE_MB must be a number of megabytes, 1 or more (got "${text}")`);
  return { cacheLimit: Math.round(value * 2 ** 20) };
}

/**
 * `KGMEM_SNAPSHOT_MIN_SIZE`: the entities plus facts from which a user's in-process copy is saved
 * as a snapshot beside the embedded database (see `LadybugStoreOptions.snapshotMinSize`).
 */
function snapshotOption(env: NodeJS.ProcessEnv): { snapshotMinSize?: number } {
  const text = env.KGMEM_SNAPSHOT_MIN_SIZE;
  if (text === undefined || text === '') return {};
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new InvalidInputError(
      `KGMEM_SNAPSHOT_MIN_SIZE must be a whole number of entities plus facts, 1 or more (got "${text}")`,
    );
  return { snapshotMinSize: value };
}

/** The backend `KGMEM_STORE` names: `ladybug` (or `embedded`; the default) or `neo4j`. */
export function storeKind(env: NodeJS.ProcessEnv): 'ladybug' | 'neo4j' {
  const kind = (env.KGMEM_STORE ?? 'ladybug').toLowerCase();
  if (kind === 'neo4j') return 'neo4j';
  if (kind === 'ladybug' || kind === 'embedded') return 'ladybug';
  throw new InvalidInputError(
    `KGMEM_STORE must be "ladybug" (the default) or "neo4j" (got "${env.KGMEM_STORE}")`,
  );
}
