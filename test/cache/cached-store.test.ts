import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import type { Fact } from '../../src/model/types.js';
import type { FactFilter } from '../../src/store/base.js';
import { CachedStore } from '../../src/store/cache/cached-store.js';
import { LadybugStore, RawLadybugStore } from '../../src/store/ladybug/store.js';
import { tempDir } from '../helpers/temp-dir.js';

/** The cache around a real embedded database: what it serves, what it follows, what it forwards. */
describe('caching as a wrapper (on a real LadybugDB file)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function open(): Promise<{ memory: Memory; store: LadybugStore }> {
    const dir = tempDir('kgmem-cache-');
    const store = new LadybugStore({ path: join(dir.path, 'graph.lbug') });
    const memory = await createMemory({ store, embeddings: new HashingEmbeddings(), env: {}, share: false });
    cleanups.push(dir.remove, () => memory.close());
    return { memory, store };
  }

  it('keeps no copy read while a write committed: that read is served, the next one sees the write', async () => {
    const { memory, store } = await open();
    await memory.addTriples('u', [{ subject: 'I', predicate: 'plays', object: 'Cello' }]);
    store.copies.dropAllCopies();
    // The user's facts are read, then held back until a hand-written write has committed.
    const inner = store.inner as unknown as {
      listFacts: (userId: string, filter: FactFilter) => Promise<Fact[]>;
    };
    const listFacts = inner.listFacts.bind(inner);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const atGate = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let first = true;
    inner.listFacts = async (userId, filter) => {
      const facts = await listFacts(userId, filter);
      if (first) {
        first = false;
        reached();
        await gate;
      }
      return facts;
    };
    const reading = store.predicateKeys('u');
    await atGate;
    await memory.cypher("MATCH (:User {id: 'u'})-[:OWNS]->(:Entity)-[f:FACT]->(:Entity) DELETE f");
    release();
    expect(await reading).toEqual(['plays']);
    expect(store.copies.graphs.has('u')).toBe(false);
    expect(await store.predicateKeys('u')).toEqual([]);
    expect((await memory.recall({ userId: 'u', query: 'What do I play?' })).facts).toEqual([]);
  });

  it("checks the user's write generation once per recall, and again at the next recall", async () => {
    const { memory, store } = await open();
    await memory.addTriples('u', [
      { subject: 'I', predicate: 'plays', object: 'Cello' },
      { subject: 'I', predicate: 'lives_in', object: 'Ghent' },
    ]);
    await memory.remember({
      userId: 'u',
      messages: [{ role: 'user', content: 'My sister Giulia plays the violin.' }],
    });
    const inner = store.inner as unknown as { generation: (userId: string) => Promise<string | undefined> };
    const generation = inner.generation.bind(inner);
    let checks = 0;
    // What another process's write looks like from here: the generation moves, nothing is heard.
    let elsewhere = '';
    inner.generation = async (userId) => {
      checks++;
      return `${await generation(userId)}${elsewhere}`;
    };
    const ask = () => memory.recall({ userId: 'u', query: 'What instrument does my sister play?' });
    const before = await ask();
    expect(before.facts.length).toBeGreaterThan(0);
    const held = store.copies.graphs.get('u');
    checks = 0;
    expect(await ask()).toEqual(before);
    // A dozen reads of the user's copies, one check (before the group: one per read).
    expect(checks).toBe(1);
    expect(store.copies.graphs.get('u')).toBe(held);
    elsewhere = ':moved';
    expect(await ask()).toEqual(before);
    // The next recall checked, found the generation moved, and read the user again.
    expect(store.copies.graphs.get('u')).not.toBe(held);
  });

  it('applies its own writes to the copies it holds (no reload), and drops them for what it cannot follow', async () => {
    const { memory, store } = await open();
    await memory.addTriples('u', [{ subject: 'I', predicate: 'plays', object: 'Cello' }]);
    await memory.recall({ userId: 'u', query: 'What do I play?' });
    const held = store.copies.graphs.get('u');
    expect(held).toBeDefined();
    await memory.addTriples('u', [{ subject: 'I', predicate: 'lives_in', object: 'Ghent' }]);
    // The same copy, brought in step by the committed batch.
    expect(store.copies.graphs.get('u')).toBe(held);
    expect((await store.predicateKeys('u')).sort()).toEqual(['lives_in', 'plays']);
    const [ghent] = await memory.facts('u', { predicate: 'lives_in' });
    await memory.forget({ userId: 'u', factUid: ghent?.uid ?? '' });
    // A delete is not a batch: the copy is dropped and read again.
    expect(store.copies.graphs.get('u')).toBeUndefined();
    expect(await store.predicateKeys('u')).toEqual(['plays']);
  });

  it("runs the wrapped backend's own methods and hooks, and hears its commits through the wrapper", async () => {
    const { memory, store } = await open();
    expect(store).toBeInstanceOf(CachedStore);
    expect(store.inner).toBeInstanceOf(RawLadybugStore);
    expect(store.dialect).toBe('ladybug');
    expect(store.location).toBe(store.inner.location);
    const heard: string[] = [];
    const stop = store.onCommitted((change) =>
      heard.push(change.users === 'all' ? 'all' : change.users.join()),
    );
    await memory.addTriples('v', [{ subject: 'I', predicate: 'likes', object: 'Tea' }]);
    stop();
    await memory.addTriples('v', [{ subject: 'I', predicate: 'likes', object: 'Coffee' }]);
    expect(heard).toEqual(['v']);
    // A restore plans through the wrapper (the copies) and writes with the backend's statements.
    const exported = await memory.exportUser('v');
    await memory.importUser(exported, { userId: 'w' });
    expect((await memory.facts('w')).map((f) => f.object).sort()).toEqual(['Coffee', 'Tea']);
  });
});
