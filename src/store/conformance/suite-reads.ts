import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MultiDirectedGraph } from 'graphology';
import { beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../embed/hashing.js';
import { createMemory } from '../../memory/create.js';
import type { Memory } from '../../memory/memory.js';
import type { GraphStore } from '../../store/base.js';
import { memoryPerTest } from './fresh-memory.js';
import { tempDir } from './temp-dir.js';
import type { StoreInitializer } from './types.js';

/** Reads beside recall: the read-only console, the graph view, exploring, LangGraph store items, name search, the embedder's identity and similar entities. */
export function registerReadCases(init: StoreInitializer): void {
  describe('read-only Cypher (the console without the token)', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    it('refuses a writing statement before it runs, and caps the rows it reads', async () => {
      await memory.addTriples('alice', [
        { subject: 'I', predicate: 'likes', object: 'tea' },
        { subject: 'I', predicate: 'likes', object: 'jazz' },
        { subject: 'I', predicate: 'likes', object: 'chess' },
      ]);
      await expect(
        memory.cypher(
          'MATCH (e:Entity) WHERE e.userId = $userId SET e.name = $name RETURN e.name',
          { userId: 'alice', name: 'X' },
          { readOnly: true },
        ),
      ).rejects.toMatchObject({ name: 'StatementNotAllowedError' });
      expect((await memory.entities('alice')).map((e) => e.name)).not.toContain('X');
      const capped = await memory.cypher(
        'MATCH (e:Entity) WHERE e.userId = $userId RETURN e.name AS name ORDER BY name',
        { userId: 'alice' },
        { readOnly: true, maxRows: 2 },
      );
      expect(capped.rows).toHaveLength(2);
      expect(capped.truncated).toBe(true);
      const all = await memory.cypher(
        'MATCH (e:Entity) WHERE e.userId = $userId RETURN e.name AS name',
        { userId: 'alice' },
        { readOnly: true, maxRows: 10 },
      );
      expect(all.rows).toHaveLength(4);
      expect(all.truncated).toBeUndefined();
    });

    it('refuses what reads or writes host files, loads code or reaches another database, touching nothing', async () => {
      await memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'tea' }]);
      const host = tempDir('kgmem-escape-');
      try {
        const secret = join(host.path, 'secret.csv');
        writeFileSync(secret, 'top,secret\n1,2\n');
        const out = join(host.path, 'out.csv');
        const dump = join(host.path, 'dump');
        const escapes =
          store.dialect === 'ladybug'
            ? [
                `LOAD FROM '${secret}' (header=true) RETURN *`,
                `COPY (MATCH (e:Entity) RETURN e.name) TO '${out}'`,
                `EXPORT DATABASE '${dump}'`,
                `ATTACH '${join(host.path, 'other.lbug')}' AS other (dbtype lbug)`,
                'INSTALL json',
                'LOAD EXTENSION json',
                `MATCH (e:Entity) RETURN e.name; COPY (MATCH (e:Entity) RETURN e.name) TO '${out}'`,
              ]
            : [
                `LOAD CSV FROM 'file://${secret}' AS line RETURN line`,
                'CALL dbms.listConfig() YIELD name RETURN name',
                'CALL db.createLabel("Escape")',
                'SHOW USERS',
                'MATCH (e:Entity) RETURN e.name; MATCH (e:Entity) SET e.name = "X"',
              ];
        for (const statement of escapes) {
          await expect(memory.checkReadOnly(statement)).resolves.toMatchObject({ allowed: false });
          await expect(memory.cypher(statement, {}, { readOnly: true })).rejects.toMatchObject({
            name: 'StatementNotAllowedError',
            message: expect.stringContaining('nothing was run'),
          });
        }
        expect(readdirSync(host.path)).toEqual(['secret.csv']);
        expect((await memory.entities('alice')).map((e) => e.name).sort()).toEqual(['User', 'tea']);
      } finally {
        host.remove();
      }
    });

    it('runs every ready-made query read-only, for the one user the caller binds', async () => {
      await memory.addTriples('alice', [
        { subject: 'I', predicate: 'lives_in', object: 'Paris' },
        { subject: 'Polar bear', predicate: 'likes', object: 'pizza' },
      ]);
      await memory.addTriples('bob', [{ subject: 'I', predicate: 'lives_in', object: 'Rome' }]);
      const queries = await memory.exploreQueries();
      expect(queries.length).toBeGreaterThanOrEqual(10);
      for (const query of queries) {
        const params = Object.fromEntries(
          query.parameters
            .filter((p) => p.name !== 'userId')
            .map((p) => [
              p.name,
              p.example ?? (p.name === 'from' ? 'User' : p.name === 'to' ? 'Paris' : 'x'),
            ]),
        );
        expect(
          await memory.checkReadOnly(query.statement, { ...params, userId: 'alice' }),
          query.name,
        ).toEqual({
          allowed: true,
        });
        await memory.explore('alice', query.name, params);
      }
      // The user is bound by the call: a userId among the parameters is ignored.
      const facts = await memory.explore('alice', 'current-facts', { userId: 'bob' });
      const objects = facts.rows.map((r) => r.object);
      expect(objects).toContain('Paris');
      expect(objects).not.toContain('Rome');
      await expect(memory.explore('alice', 'no-such-query')).rejects.toMatchObject({
        name: 'NotFoundError',
      });
    });
  });

  describe('console transactions', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    it('refuses transaction control, so a rolled-back change never shows in recall', async () => {
      await memory.addTriples('alice', [{ subject: 'I', predicate: 'lives in', object: 'Paris' }]);
      await memory.recall({ userId: 'alice', query: 'where do I live' });
      for (const statement of ['BEGIN TRANSACTION', 'begin', 'COMMIT', 'ROLLBACK', '  START TRANSACTION']) {
        await expect(memory.cypher(statement)).rejects.toMatchObject({
          name: 'CypherError',
          message: expect.stringContaining('transaction control'),
        });
      }
      // What a console user would have rolled back is never written in the first place.
      await expect(
        memory.cypher('BEGIN TRANSACTION; MATCH (e:Entity) WHERE e.userId = $u SET e.name = "X"', {
          u: 'alice',
        }),
      ).rejects.toMatchObject({ name: 'CypherError' });
      const recalled = await memory.recall({ userId: 'alice', query: 'where do I live' });
      expect(recalled.facts.map((f) => f.statement)).toEqual(['User lives in Paris']);
      expect((await memory.entities('alice')).map((e) => e.name)).not.toContain('X');
    });
  });

  describe('graph view', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    it('is ready for graphology and follows the time scope', async () => {
      await memory.addTriples('alice', [{ subject: 'I', predicate: 'lives_in', object: 'Paris' }], {
        at: '2026-01-01T00:00:00Z',
      });
      await memory.addTriples(
        'alice',
        [
          { subject: 'I', predicate: 'lives_in', object: 'Lyon' },
          { subject: 'I', predicate: 'likes', object: 'Paris' },
        ],
        { at: '2026-03-01T00:00:00Z' },
      );
      const view = await memory.graph('alice');
      const graph = new MultiDirectedGraph();
      graph.import(view);
      expect(graph.order).toBe(3);
      expect(graph.size).toBe(2);
      expect(graph.getNodeAttribute(view.nodes.find((n) => n.attributes.isUser)?.key ?? '', 'label')).toBe(
        'User',
      );
      const past = await memory.graph('alice', { asOf: '2026-02-01' });
      expect(past.edges.map((e) => e.attributes.statement)).toEqual(['User lives in Paris']);
      const all = await memory.graph('alice', { includeHistory: true });
      expect(all.edges.filter((e) => !e.attributes.current)).toHaveLength(1);
      const small = await memory.graph('alice', { limit: 1 });
      expect(small.nodes).toHaveLength(1);
      expect(small.attributes.truncated).toBe(true);
    });
  });

  describe('exploring (viewer reads)', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    beforeEach(async () => {
      await memory.addTriples('alice', [
        { subject: 'I', predicate: 'friend', object: 'Polar bear' },
        { subject: 'Polar bear', predicate: 'likes', object: 'pizza' },
        { subject: 'pizza', predicate: 'comes from', object: 'Naples' },
        { subject: 'Mount Fuji', predicate: 'is in', object: 'Japan' },
      ]);
      await memory.addTriples('bob', [{ subject: 'Polar bear', predicate: 'likes', object: 'fish' }]);
    });

    it('grows a neighbourhood hop by hop, within the user', async () => {
      const labels = async (hops: number) =>
        (await memory.graph('alice', { around: 'Polar bear', hops })).nodes
          .map((n) => n.attributes.label)
          .sort();
      expect(await labels(1)).toEqual(['Polar bear', 'User', 'pizza']);
      expect(await labels(2)).toEqual(['Naples', 'Polar bear', 'User', 'pizza']);
      const likes = await memory.graph('alice', { predicates: ['likes'] });
      expect(likes.edges.map((e) => e.attributes.statement)).toEqual(['Polar bear likes pizza']);
    });

    it('describes an entity and finds paths, never across users', async () => {
      const details = await memory.entity('alice', 'Polar bear');
      expect(details.outgoing.map((f) => f.statement)).toEqual(['Polar bear likes pizza']);
      expect(details.incoming.map((f) => f.statement)).toEqual(["User's friend is Polar bear"]);
      const path = await memory.path('alice', 'I', 'Naples');
      expect(path?.facts.map((f) => f.statement)).toEqual([
        "User's friend is Polar bear",
        'Polar bear likes pizza',
        'pizza comes from Naples',
      ]);
      expect(await memory.path('alice', 'pizza', 'Japan')).toBeNull();
      const bobBear = await memory.entity('bob', 'Polar bear');
      await expect(memory.entity('alice', bobBear.entity.uid)).rejects.toThrow(/no entity/);
      await expect(memory.path('alice', 'I', 'fish')).rejects.toThrow(/no entity/);
    });
  });

  describe('LangGraph store items', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    const item = (userId: string, path: string, key: string, seq: number) => ({
      id: `${path}${key}`,
      userId,
      path,
      key,
      value: JSON.stringify({ key }),
      vectors: '{}',
      seq,
    });

    it('puts, replaces, lists by path prefix and deletes items', async () => {
      await store.putItems(
        [item('u1', 'memories/u1/', 'a', 1), item('u1', 'memories/u1/', 'b', 2)],
        new Date(),
      );
      await store.putItems([item('u2', 'memories/u2/', 'a', 3)], new Date());
      const first = (await store.itemsByIds(['memories/u1/a']))[0];
      await store.putItems([{ ...item('u1', 'memories/u1/', 'a', 9), value: '{"v":2}' }], new Date());
      const replaced = (await store.itemsByIds(['memories/u1/a']))[0];
      expect(replaced?.value).toBe('{"v":2}');
      expect(replaced?.seq).toBe(1);
      expect(replaced?.createdAt.getTime()).toBe(first?.createdAt.getTime());
      expect((await store.itemsUnder('memories/u1/')).map((i) => i.key)).toEqual(['a', 'b']);
      expect((await store.itemsUnder('')).map((i) => i.id)).toEqual([
        'memories/u1/a',
        'memories/u1/b',
        'memories/u2/a',
      ]);
      expect((await store.itemPaths()).sort()).toEqual(['memories/u1/', 'memories/u2/']);
      expect(await store.maxItemSeq()).toBe(3);
      await store.deleteItems(['memories/u1/b', 'absent']);
      expect((await store.itemsUnder('memories/')).map((i) => i.id)).toEqual([
        'memories/u1/a',
        'memories/u2/a',
      ]);
    });

    it("deletes a user's items with the user", async () => {
      await store.putItems(
        [item('u1', 'memories/u1/', 'a', 1), item('u2', 'memories/u2/', 'a', 2)],
        new Date(),
      );
      expect(await memory.forget({ userId: 'u1', all: true })).toEqual({ deleted: true });
      expect((await store.itemsUnder('')).map((i) => i.userId)).toEqual(['u2']);
    });
  });

  describe('name search', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    it("finds entities of the whole memory by prefix, word and near spelling, never another user's", async () => {
      await memory.addTriples('alice', [
        { subject: 'Inception', predicate: 'directed_by', object: 'Christopher Nolan' },
        { subject: 'Interstellar', predicate: 'directed_by', object: 'Christopher Nolan' },
      ]);
      await memory.addTriples('bob', [
        { subject: 'Incendies', predicate: 'directed_by', object: 'Denis Villeneuve' },
      ]);
      expect((await memory.findEntities('alice', 'incep')).map((e) => [e.name, e.kind])).toEqual([
        ['Inception', 'prefix'],
      ]);
      expect((await memory.findEntities('alice', 'nolan'))[0]).toMatchObject({
        name: 'Christopher Nolan',
        kind: 'word',
      });
      expect((await memory.findEntities('alice', 'Intersteller'))[0]).toMatchObject({
        name: 'Interstellar',
        kind: 'fuzzy',
      });
      expect((await memory.findEntities('alice', 'inc')).map((e) => e.name)).toEqual(['Inception']);
      expect(await memory.findEntities('alice', 'villeneuve')).toEqual([]);
    });
  });

  describe('embedder identity', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    it('refuses a second memory on the store with another model of the same dimension', async () => {
      await memory.addTriples('alice', [{ subject: 'Polar bear', predicate: 'likes', object: 'pizza' }]);
      const hashing = new HashingEmbeddings({ dimension: 64 });
      const other = {
        model: 'another-model',
        embedDocuments: (texts: string[]) => hashing.embedDocuments(texts),
        embedQuery: (text: string) => hashing.embedQuery(text),
      };
      await expect(createMemory({ store, embeddings: other, embeddingDimension: 64 })).rejects.toMatchObject({
        name: 'EmbedderMismatchError',
        message: expect.stringMatching(/hashing:kgmem-hashing-v2 \(64 dimensions\).*another-model/s),
      });
    });
  });

  describe('similar entities', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    it('returns the closest entities of that user only, best first', async () => {
      await memory.addTriples('alice', [
        { subject: 'Christopher Nolan', predicate: 'directed', object: 'Inception' },
        { subject: 'Greta Gerwig', predicate: 'directed', object: 'Barbie' },
      ]);
      await memory.addTriples('bob', [
        { subject: 'Christopher Nolan', predicate: 'directed', object: 'Tenet' },
      ]);
      const vector = await new HashingEmbeddings({ dimension: 64 }).embedQuery('christopher nolan');
      const hits = await store.similarEntities('alice', vector, 2, 0);
      const nolan = await store.entityByKey('alice', 'christopher nolan');
      expect(hits[0]?.uid).toBe(nolan?.uid);
      expect(hits[0]?.score).toBeGreaterThan(0.99);
      expect(hits.length).toBe(2);
      expect((hits[0]?.score ?? 0) >= (hits[1]?.score ?? 0)).toBe(true);
      const bobNolan = await store.entityByKey('bob', 'christopher nolan');
      expect(hits.map((h) => h.uid)).not.toContain(bobNolan?.uid);
    });
  });
}
