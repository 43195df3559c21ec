import { describe, expect, it } from 'vitest';
import { CachedStore } from '../../src/store/cache/cached-store.js';
import { LadybugStore, RawLadybugStore } from '../../src/store/ladybug/store.js';
import { Neo4jStore } from '../../src/store/neo4j/store.js';
import { resolveStore } from '../../src/store/resolve.js';

// Nothing is opened: which store, wrapped or not, is all that is read.
const neo4jEnv = { KGMEM_STORE: 'neo4j', NEO4J_URI: 'bolt://127.0.0.1:1', NEO4J_PASSWORD: 'x' };

describe('which store a memory uses, cached or not', () => {
  it('wraps the embedded store in the cache, always', async () => {
    const store = await resolveStore(undefined, '/tmp/kgmem-resolve/graph.lbug', { KGMEM_CACHE_MB: '2' });
    expect(store).toBeInstanceOf(LadybugStore);
    expect(store).toBeInstanceOf(CachedStore);
    expect((store as CachedStore).inner).toBeInstanceOf(RawLadybugStore);
  });

  it('wraps Neo4j only when asked (KGMEM_NEO4J_CACHE, or cache in the options), and refuses another value', async () => {
    expect(await resolveStore(undefined, '', neo4jEnv)).toBeInstanceOf(Neo4jStore);
    expect(await resolveStore(undefined, '', { ...neo4jEnv, KGMEM_NEO4J_CACHE: '0' })).toBeInstanceOf(
      Neo4jStore,
    );
    const cached = await resolveStore(undefined, '', { ...neo4jEnv, KGMEM_NEO4J_CACHE: '1' });
    expect(cached).toBeInstanceOf(CachedStore);
    expect((cached as CachedStore).inner).toBeInstanceOf(Neo4jStore);
    const given = await resolveStore(
      { neo4j: { uri: 'bolt://127.0.0.1:1', user: 'neo4j', password: 'x' }, cache: true },
      '',
      {},
    );
    expect(given).toBeInstanceOf(CachedStore);
    await expect(
      resolveStore(undefined, '', { ...neo4jEnv, KGMEM_NEO4J_CACHE: 'yes please' }),
    ).rejects.toThrow(/KGMEM_NEO4J_CACHE must be 1/);
  });

  it('forwards what the cache does not serve to the wrapped store, backend-only methods included', async () => {
    const cached = (await resolveStore(undefined, '', {
      ...neo4jEnv,
      KGMEM_NEO4J_CACHE: '1',
    })) as CachedStore;
    expect(cached.dialect).toBe('neo4j');
    expect(cached.location).toBe((cached.inner as Neo4jStore).location);
    // `clearAll` is Neo4j's own: the wrapper has no code for it, yet calls it on the wrapped store.
    expect(typeof (cached as unknown as { clearAll?: unknown }).clearAll).toBe('function');
    await expect(cached.stats('u')).rejects.toThrow(/closed|open\(\)/);
  });
});
