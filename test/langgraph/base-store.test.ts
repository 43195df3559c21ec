import { join } from 'node:path';
import { InMemoryStore } from '@langchain/langgraph-checkpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { KgmemStore } from '../../src/langgraph/store.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { tempDir } from '../helpers/temp-dir.js';
import { registerBaseStoreSuite } from './base-store.suite.js';

const embeddings = new HashingEmbeddings();

registerBaseStoreSuite('LangGraph InMemoryStore', async (indexed) => ({
  store: new InMemoryStore(indexed ? { index: { dims: embeddings.dimension, embeddings } } : undefined),
  done: async () => undefined,
}));

registerBaseStoreSuite('KgmemStore (LadybugDB on disk)', async (indexed) => {
  const dir = tempDir('kgmem-store-');
  const memory = await createMemory({ dataDir: dir.path, embeddings, env: {} });
  return {
    // The same IndexConfig object LangGraph's store takes.
    store: new KgmemStore({
      memory,
      ...(indexed ? { index: { dims: embeddings.dimension, embeddings } } : {}),
    }),
    done: async () => {
      await memory.close();
      dir.remove();
    },
  };
});

describe('KgmemStore in the kgmem database', () => {
  let dir: { path: string; remove: () => void };
  let memory: Memory;

  beforeAll(async () => {
    dir = tempDir('kgmem-store-db-');
    memory = await createMemory({ dataDir: join(dir.path, 'data'), env: {} });
  });
  afterAll(async () => {
    await memory.close();
    dir.remove();
  });

  it('persists items across processes (close and reopen)', async () => {
    await new KgmemStore({ memory }).put(['memories', 'alice'], 'k', { text: 'kept' });
    await memory.close();
    memory = await createMemory({ dataDir: join(dir.path, 'data'), env: {} });
    expect((await new KgmemStore({ memory }).get(['memories', 'alice'], 'k'))?.value).toEqual({
      text: 'kept',
    });
  });

  it('scopes items to a kgmem user: forgetting the user deletes them, others stay', async () => {
    const store = new KgmemStore({ memory, index: true });
    await store.put(['memories', 'bob'], 'food', { text: 'likes ramen' });
    await store.put(['memories', 'carol'], 'food', { text: 'likes tacos' });
    await memory.addTriples('bob', [{ subject: 'I', predicate: 'likes', object: 'ramen' }]);
    expect(await memory.users()).toEqual(expect.arrayContaining(['bob', 'carol']));
    await memory.forget({ userId: 'bob', all: true });
    expect(await store.get(['memories', 'bob'], 'food')).toBeNull();
    expect((await store.get(['memories', 'carol'], 'food'))?.value).toEqual({ text: 'likes tacos' });
    const hits = await store.search(['memories'], { query: 'ramen' });
    expect(hits.map((h) => h.namespace[1])).toContain('carol');
    expect(hits.map((h) => h.namespace[1])).not.toContain('bob');
  });

  it('refuses embeddings of another dimension than index.dims', async () => {
    const store = new KgmemStore({ memory, index: { dims: 8, embeddings: new HashingEmbeddings() } });
    await expect(store.put(['memories', 'dan'], 'k', { text: 'x' })).rejects.toThrow(
      /256 numbers.*index.dims is 8/,
    );
    expect(await new KgmemStore({ memory }).get(['memories', 'dan'], 'k')).toBeNull();
  });

  it('stores keys and labels with slashes and unicode exactly', async () => {
    const store = new KgmemStore({ memory });
    await store.put(['notes', 'ü/ser'], 'a/b c', { text: '✓' });
    expect((await store.get(['notes', 'ü/ser'], 'a/b c'))?.value).toEqual({ text: '✓' });
    expect(await store.search(['notes', 'ü'])).toEqual([]);
    expect(await store.listNamespaces({ prefix: ['notes'] })).toEqual([['notes', 'ü/ser']]);
  });

  it('serves the profile at ["profile", userId], read from the facts, and refuses writes there', async () => {
    const store = new KgmemStore({ memory });
    await memory.addTriples('erin', [{ subject: 'I', predicate: 'lives_in', object: 'Kyoto' }], {
      at: '2026-02-01T00:00:00Z',
    });
    const item = await store.get(['profile', 'erin'], 'profile');
    expect(item).toMatchObject({
      namespace: ['profile', 'erin'],
      key: 'profile',
      value: { userId: 'erin', fields: { home: { value: 'Kyoto' } } },
    });
    expect(item?.updatedAt.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(await store.get(['profile', 'erin'], 'other')).toBeNull();
    const [found] = await store.search(['profile', 'erin']);
    expect(found?.value).toEqual(item?.value);
    await memory.addTriples('erin', [{ subject: 'I', predicate: 'lives_in', object: 'Nara' }]);
    expect((await store.get(['profile', 'erin'], 'profile'))?.value).toMatchObject({
      fields: { home: { value: 'Nara' } },
    });
    await expect(store.put(['profile', 'erin'], 'profile', { home: 'Osaka' })).rejects.toThrow(
      /\["profile", "erin"\] is read-only: .*write facts instead/,
    );
    expect((await memory.profile('erin')).fields.home?.value).toBe('Nara');
  });

  it("never lists, returns or overwrites the agents' instructions and the merge records kept beside its items", async () => {
    const store = new KgmemStore({ memory });
    await memory.setInstructions('helper', 'Answer briefly.');
    await memory.setInstructions('helper', 'Answer in Portuguese.', { userId: 'erin' });
    await memory.addTriples('erin', [
      { subject: 'Grandma', predicate: 'lives in', object: 'Faro' },
      { subject: 'Rosa Dias', predicate: 'likes', object: 'fado' },
    ]);
    await memory.mergeEntities('erin', 'Rosa Dias', 'Grandma');
    const namespaces = await store.listNamespaces();
    expect(namespaces.flat().join(' ')).not.toMatch(/instructions|helper|merges/);
    const everything = await store.search([], { limit: 1000 });
    expect(JSON.stringify(everything)).not.toMatch(/Answer|Grandma/);
    expect((await memory.instructions('helper', { userId: 'erin' }))?.text).toBe('Answer in Portuguese.');
  });
});
