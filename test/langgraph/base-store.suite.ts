import type { BaseStore } from '@langchain/langgraph-checkpoint';
import { describe, expect, it } from 'vitest';

/** Makes a fresh, empty store; `indexed` stores rank `query` searches by the given embeddings. */
export type StoreFactory = (indexed: boolean) => Promise<{ store: BaseStore; done: () => Promise<void> }>;

/**
 * The BaseStore behaviour kgmem promises, written once and run against LangGraph's own
 * InMemoryStore and against KgmemStore: both must give the same results (scores aside).
 */
export function registerBaseStoreSuite(name: string, factory: StoreFactory): void {
  async function withStore(indexed: boolean, body: (store: BaseStore) => Promise<void>): Promise<void> {
    const { store, done } = await factory(indexed);
    try {
      await body(store);
    } finally {
      await done();
    }
  }

  describe(`BaseStore contract: ${name}`, () => {
    it('puts and gets items, with namespace, key, value and timestamps', () =>
      withStore(false, async (store) => {
        expect(await store.get(['memories', 'u1'], 'missing')).toBeNull();
        await store.put(['memories', 'u1'], 'food', { text: 'likes pizza', n: 1, nested: { a: [1, 2] } });
        const item = await store.get(['memories', 'u1'], 'food');
        expect(item).toMatchObject({
          namespace: ['memories', 'u1'],
          key: 'food',
          value: { text: 'likes pizza', n: 1, nested: { a: [1, 2] } },
        });
        expect(item?.createdAt).toBeInstanceOf(Date);
        expect(item?.updatedAt).toBeInstanceOf(Date);
        expect(await store.get(['memories', 'u2'], 'food')).toBeNull();
      }));

    it('replaces a value on put, keeping createdAt, and deletes with delete or a null put', () =>
      withStore(false, async (store) => {
        await store.put(['memories', 'u1'], 'city', { text: 'Paris' });
        const first = await store.get(['memories', 'u1'], 'city');
        await new Promise((resolve) => setTimeout(resolve, 5));
        await store.put(['memories', 'u1'], 'city', { text: 'Lyon' });
        const second = await store.get(['memories', 'u1'], 'city');
        expect(second?.value).toEqual({ text: 'Lyon' });
        expect(second?.createdAt.getTime()).toBe(first?.createdAt.getTime());
        expect(second?.updatedAt.getTime()).toBeGreaterThanOrEqual(first?.updatedAt.getTime() ?? 0);
        await store.delete(['memories', 'u1'], 'city');
        expect(await store.get(['memories', 'u1'], 'city')).toBeNull();
        await store.put(['memories', 'u1'], 'pet', { text: 'cat' });
        await store.batch([{ namespace: ['memories', 'u1'], key: 'pet', value: null }]);
        expect(await store.get(['memories', 'u1'], 'pet')).toBeNull();
      }));

    it('searches a namespace prefix: sub-namespaces included, look-alike siblings not', () =>
      withStore(false, async (store) => {
        await store.put(['docs', 'a'], 'k1', { v: 1 });
        await store.put(['docs', 'a', 'deep'], 'k2', { v: 2 });
        await store.put(['docs', 'ab'], 'k3', { v: 3 });
        await store.put(['other'], 'k4', { v: 4 });
        const keys = async (prefix: string[]) =>
          (await store.search(prefix, { limit: 100 })).map((i) => i.key).sort();
        expect(await keys(['docs', 'a'])).toEqual(['k1', 'k2']);
        expect(await keys(['docs'])).toEqual(['k1', 'k2', 'k3']);
        expect(await keys([])).toEqual(['k1', 'k2', 'k3', 'k4']);
        expect(await keys(['nothing'])).toEqual([]);
      }));

    it('filters by value fields, with operators', () =>
      withStore(false, async (store) => {
        for (const [key, value] of [
          ['a', { kind: 'food', rating: 5 }],
          ['b', { kind: 'food', rating: 2 }],
          ['c', { kind: 'place', rating: 4 }],
        ] as const) {
          await store.put(['prefs', 'u1'], key, value);
        }
        const keys = async (filter: Record<string, unknown>) =>
          (await store.search(['prefs'], { filter })).map((i) => i.key).sort();
        expect(await keys({ kind: 'food' })).toEqual(['a', 'b']);
        expect(await keys({ rating: { $gte: 4 } })).toEqual(['a', 'c']);
        expect(await keys({ kind: { $ne: 'food' } })).toEqual(['c']);
        expect(await keys({ kind: 'food', rating: { $lt: 3 } })).toEqual(['b']);
        expect(await keys({ kind: { $in: ['place', 'x'] } })).toEqual(['c']);
        expect(await keys({ missing: 'x' })).toEqual([]);
      }));

    it('pages results with limit and offset, in insertion order', () =>
      withStore(false, async (store) => {
        for (let i = 0; i < 7; i++) await store.put(['log', 'u1'], `k${i}`, { i });
        await store.put(['log', 'u1'], 'k2', { i: 2, updated: true });
        const page = async (limit: number, offset: number) =>
          (await store.search(['log'], { limit, offset })).map((i) => i.key);
        expect(await page(3, 0)).toEqual(['k0', 'k1', 'k2']);
        expect(await page(3, 3)).toEqual(['k3', 'k4', 'k5']);
        expect(await page(3, 6)).toEqual(['k6']);
        expect((await store.search(['log'])).length).toBe(7);
      }));

    it('ranks a query search by similarity of the embedded text', () =>
      withStore(true, async (store) => {
        await store.put(['memories', 'u1'], 'food', { text: 'Polar bear likes pizza with olives' });
        await store.put(['memories', 'u1'], 'home', { text: 'Sasako lives in Kyoto near the river' });
        await store.put(['memories', 'u1'], 'work', { text: 'Sasako works at the aquarium' });
        await store.put(['memories', 'u1'], 'raw', { text: 'not indexed pizza' }, false);
        const hits = await store.search(['memories', 'u1'], {
          query: 'what pizza does polar bear like',
          limit: 4,
        });
        expect(hits[0]?.key).toBe('food');
        expect(typeof hits[0]?.score).toBe('number');
        expect(hits.map((h) => h.key)).toContain('raw');
        expect(hits.find((h) => h.key === 'raw')?.score).toBeUndefined();
        const top = await store.search(['memories'], { query: 'where does Sasako live', limit: 1 });
        expect(top.map((h) => h.key)).toEqual(['home']);
        const filtered = await store.search(['memories'], {
          query: 'pizza',
          filter: { text: 'Sasako works at the aquarium' },
        });
        expect(filtered.map((h) => h.key)).toEqual(['work']);
      }));

    it('lists namespaces with prefix and suffix conditions, wildcards, depth and paging', () =>
      withStore(false, async (store) => {
        await store.put(['memories', 'u1'], 'k', { v: 1 });
        await store.put(['memories', 'u2'], 'k', { v: 1 });
        await store.put(['memories', 'u2', 'notes'], 'k', { v: 1 });
        await store.put(['prefs', 'u1'], 'k', { v: 1 });
        expect(await store.listNamespaces()).toEqual([
          ['memories', 'u1'],
          ['memories', 'u2'],
          ['memories', 'u2', 'notes'],
          ['prefs', 'u1'],
        ]);
        expect(await store.listNamespaces({ prefix: ['memories'] })).toHaveLength(3);
        expect(await store.listNamespaces({ suffix: ['u1'] })).toEqual([
          ['memories', 'u1'],
          ['prefs', 'u1'],
        ]);
        expect(await store.listNamespaces({ prefix: ['*', 'u1'] })).toEqual([
          ['memories', 'u1'],
          ['prefs', 'u1'],
        ]);
        expect(await store.listNamespaces({ maxDepth: 1 })).toEqual([['memories'], ['prefs']]);
        expect(await store.listNamespaces({ limit: 2, offset: 1 })).toEqual([
          ['memories', 'u2'],
          ['memories', 'u2', 'notes'],
        ]);
      }));

    it('rejects invalid namespaces as LangGraph does', () =>
      withStore(false, async (store) => {
        await expect(store.put(['bad.label'], 'k', { v: 1 })).rejects.toThrow(/period/);
        await expect(store.put([], 'k', { v: 1 })).rejects.toThrow(/empty/);
        await expect(store.put(['a', ''], 'k', { v: 1 })).rejects.toThrow(/empty/);
      }));

    it('reads and deletes under the reserved root "langgraph", and refuses only a write there', () =>
      withStore(false, async (store) => {
        expect(await store.get(['langgraph', 'x'], 'k')).toBeNull();
        expect(await store.search(['langgraph'])).toEqual([]);
        await store.delete(['langgraph', 'x'], 'k');
        await expect(store.put(['langgraph', 'x'], 'k', { v: 1 })).rejects.toThrow(/langgraph/);
      }));

    it('embeds the text at every index path LangGraph reads: fields, numbers, list elements, wildcards, field sets', () =>
      withStore(true, async (store) => {
        const value = {
          name: 'doc a',
          info: { age: 42, metadata: { color: 'red', size: 'big' }, empty: {} },
          items: [
            { value: 'first', tags: ['x', 'y'] },
            { value: 'last', tags: [] },
          ],
          none: [],
        };
        const paths = [
          'name',
          'info.age',
          'items[0].value',
          'items[-1].value',
          'items[*].value',
          'info.metadata.*',
          '{name, info.age}',
          'items[*].tags[*]',
          'info.metadata',
          'info.empty',
          'none',
          'items[1].tags[*]',
          'info.missing',
        ];
        for (const [i, path] of paths.entries()) await store.put(['paths'], `p${i}`, value, [path]);
        const found = await store.search(['paths'], { query: 'last red 42', limit: 50 });
        const scored = Object.fromEntries(
          found.map((item) => [paths[Number(item.key.slice(1))], item.score !== undefined]),
        );
        expect(scored).toEqual({
          name: true,
          'info.age': true,
          'items[0].value': true,
          'items[-1].value': true,
          'items[*].value': true,
          'info.metadata.*': true,
          '{name, info.age}': true,
          'items[*].tags[*]': true,
          'info.metadata': true,
          'info.empty': true,
          none: true,
          'items[1].tags[*]': false,
          'info.missing': false,
        });
      }));

    it('answers a mixed batch in order: reads see the state before it, its puts land after', () =>
      withStore(false, async (store) => {
        await store.put(['b', 'u1'], 'x', { n: 1 });
        const results = await store.batch([
          { namespace: ['b', 'u1'], key: 'y', value: { n: 2 } },
          { namespace: ['b', 'u1'], key: 'x' },
          { namespace: ['b', 'u1'], key: 'y' },
          { namespacePrefix: ['b'], limit: 10, offset: 0 },
          { matchConditions: [], limit: 10, offset: 0 },
          { namespace: ['b', 'u1'], key: 'y', value: { n: 3 } },
        ]);
        expect(results[0]).toBeNull();
        expect(results[1]).toMatchObject({ key: 'x', value: { n: 1 } });
        expect(results[2]).toBeNull();
        expect((results[3] as unknown as { key: string }[]).map((i) => i.key)).toEqual(['x']);
        expect(results[4]).toEqual([['b', 'u1']]);
        expect((await store.get(['b', 'u1'], 'y'))?.value).toEqual({ n: 3 });
      }));
  });
}
