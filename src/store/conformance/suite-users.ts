import { beforeEach, describe, expect, it } from 'vitest';
import type { ExportDocument } from '../../memory/export-format.js';
import type { Memory } from '../../memory/memory.js';
import type { GraphStore } from '../../store/base.js';
import { memoryPerTest } from './fresh-memory.js';
import type { StoreInitializer } from './types.js';

/** Users: backup and restore, isolation, forgetting, sizes and the per-entity cap. */
export function registerUserCases(init: StoreInitializer): void {
  describe('backup and restore', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    /** A memory with history, recurring values, repeated mentions, turns (one failed) and aliases. */
    const fill = async (target: Memory) => {
      await target.addTriples('ann', [{ subject: 'I', predicate: 'lives_in', object: 'Lisbon' }], {
        at: '2026-01-01',
        source: 'jan',
      });
      await target.addTriples('ann', [{ subject: 'I', predicate: 'lives_in', object: 'Oslo' }], {
        at: '2026-03-01',
        source: 'mar',
      });
      await target.addTriples('ann', [{ subject: 'I', predicate: 'lives_in', object: 'Lisbon' }], {
        at: '2026-06-01',
        source: 'jun',
      });
      await target.addTriples('ann', [{ subject: 'I', predicate: 'lives_in', object: 'Lisbon' }], {
        at: '2026-07-01',
        source: 'jul',
      });
      await target.remember({
        userId: 'ann',
        threadId: ' t1 ',
        messages: [
          { role: 'user', content: '  My friend Polar bear loves pizza.\t', name: 'Ann' },
          { role: 'assistant', content: 'Noted!\r\n' },
        ],
        at: '2026-04-01T10:00:00Z',
      });
      await target.remember({
        userId: 'ann',
        messages: [{ role: 'user', content: 'I play the cello 🎻' }],
        at: '2026-05-01T10:00:00Z',
      });
      await target.addTriples('ann', [{ subject: 'Polar bear', predicate: 'likes', object: 'salmon' }], {
        at: '2026-04-02',
      });
      await target.addTriples('bob', [{ subject: 'I', predicate: 'lives_in', object: 'Rome' }]);
    };
    const withoutTime = (doc: ExportDocument) => ({ ...doc, exportedAt: '' });
    const recalled = async (target: Memory, userId: string) =>
      Promise.all(
        ['where do I live', 'what does my friend like', 'which instrument do I play'].map(async (query) => {
          const r = await target.recall({ userId, query });
          return { facts: r.facts.map((f) => f.uid), episodes: r.episodes.map((e) => e.uid) };
        }),
      );

    it('restores a user exactly: the export of the restore equals the export, and recall answers alike', async () => {
      await fill(memory);
      const before = await memory.exportUser('ann');
      expect(before.counts).toMatchObject({ episodes: 2 });
      expect(before.facts.find((f) => f.observedAt.length === 2)?.observedBy).toEqual(['jun', 'jul']);
      const answers = await recalled(memory, 'ann');
      await memory.forget({ userId: 'ann', all: true });

      const summary = await memory.importUser(JSON.parse(JSON.stringify(before)));
      expect(summary).toMatchObject({
        userId: 'ann',
        restored: before.counts,
        kept: { entities: 0, facts: 0, episodes: 0 },
        lacking: [],
      });
      expect(withoutTime(await memory.exportUser('ann'))).toEqual(withoutTime(before));
      expect(await recalled(memory, 'ann')).toEqual(answers);
      // The same turn remembered again is known; bob is untouched.
      const [first] = before.episodes;
      const again = await memory.remember({
        userId: 'ann',
        threadId: first?.threadId as string,
        messages: first?.messages as ExportDocument['episodes'][number]['messages'],
        at: first?.at as string,
      });
      expect(again.status).toBe('duplicate');
      expect((await memory.facts('bob')).map((f) => f.object)).toEqual(['Rome']);
    });

    it('changes nothing when the same file is imported again, and copies under another id', async () => {
      await fill(memory);
      const doc = await memory.exportUser('ann');
      const again = await memory.importUser(doc);
      expect(again.restored).toEqual({ entities: 0, facts: 0, episodes: 0 });
      expect(again.kept).toEqual(doc.counts);
      expect(withoutTime(await memory.exportUser('ann'))).toEqual(withoutTime(doc));

      const copy = await memory.importUser(doc, { userId: 'ann-copy' });
      expect(copy.restored).toEqual(doc.counts);
      await memory.importUser(doc, { userId: 'ann-copy' });
      const copied = await memory.exportUser('ann-copy');
      expect(copied.counts).toEqual(doc.counts);
      const shape = (facts: ExportDocument['facts']) =>
        facts
          .map((f) => JSON.stringify([f.statement, f.validFrom, f.validTo, f.mentions, f.observedAt]))
          .sort();
      expect(shape(copied.facts)).toEqual(shape(doc.facts));
      expect(copied.episodes.map((e) => e.messages)).toEqual(doc.episodes.map((e) => e.messages));
      // The copy has uids of its own: forgetting it leaves the original whole.
      await memory.forget({ userId: 'ann-copy', all: true });
      expect(withoutTime(await memory.exportUser('ann'))).toEqual(withoutTime(doc));
    });

    it('refuses a file of an unknown version, an incomplete one and a clashing user, writing nothing', async () => {
      await fill(memory);
      const doc = await memory.exportUser('ann');
      const stats = await memory.stats('bob');
      const bad = [
        { ...doc, format: 'kgmem-export/9' },
        { ...doc, facts: doc.facts.slice(1) },
        { ...doc, facts: [{ ...doc.facts[0], validFrom: 'soon' }, ...doc.facts.slice(1)] },
      ];
      for (const file of bad)
        await expect(memory.importUser(file, { userId: 'carl' })).rejects.toMatchObject({
          name: 'InvalidInputError',
        });
      // bob has his own "user" entity (and Rome): ann's file cannot be poured into him.
      await expect(memory.importUser(doc, { userId: 'bob' })).rejects.toMatchObject({
        name: 'InvalidInputError',
        message: expect.stringContaining('Nothing was imported'),
      });
      expect(await memory.hasUser('carl')).toBe(false);
      expect(await memory.stats('bob')).toEqual(stats);
    });
  });

  describe('isolation between users', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    beforeEach(async () => {
      await memory.addTriples('alice', [
        { subject: 'I', predicate: 'lives_in', object: 'Paris' },
        { subject: 'Polar bear', predicate: 'likes', object: 'pizza' },
      ]);
      await memory.addTriples('bob', [
        { subject: 'I', predicate: 'lives_in', object: 'Rome' },
        { subject: 'Polar bear', predicate: 'likes', object: 'salmon' },
      ]);
    });

    it('keeps colliding names apart', async () => {
      const aliceBear = await store.entityByKey('alice', 'polar bear');
      const bobBear = await store.entityByKey('bob', 'polar bear');
      expect(aliceBear?.uid).toBeDefined();
      expect(aliceBear?.uid).not.toBe(bobBear?.uid);
      expect((await memory.facts('bob', { entity: 'Polar bear' })).map((f) => f.object)).toEqual(['salmon']);
    });

    it("never returns one user's data in another user's reads", async () => {
      const aliceUids = new Set([
        ...(await memory.entities('alice')).map((e) => e.uid),
        ...(await memory.facts('alice', { includeHistory: true })).map((f) => f.uid),
      ]);
      const recall = await memory.recall({
        userId: 'bob',
        query: 'what does polar bear like, and pizza in Paris?',
      });
      const graph = await memory.graph('bob');
      const bobSeen = [
        ...(await memory.entities('bob')).map((e) => e.uid),
        ...(await memory.facts('bob', { includeHistory: true })).map((f) => f.uid),
        ...recall.facts.map((f) => f.uid),
        ...recall.entities.map((e) => e.uid),
        ...graph.nodes.map((n) => n.key),
        ...graph.edges.map((e) => e.key),
      ];
      expect(bobSeen.length).toBeGreaterThan(0);
      for (const uid of bobSeen) expect(aliceUids.has(uid)).toBe(false);
      expect(recall.context).not.toMatch(/pizza|Paris/);
      expect(await memory.recall({ userId: 'carol', query: 'polar bear' })).toEqual({
        facts: [],
        entities: [],
        episodes: [],
        context: '',
        quoted: { facts: [], episodes: [] },
      });
    });

    it("cannot reach another user's entities or facts by uid", async () => {
      const aliceBear = await store.entityByKey('alice', 'polar bear');
      expect(await store.entitiesByUids('bob', [aliceBear?.uid ?? ''])).toEqual([]);
      const [aliceFact] = await memory.facts('alice');
      expect(await memory.forget({ userId: 'bob', factUid: aliceFact?.uid ?? '' })).toEqual({
        deleted: false,
      });
      expect(await memory.facts('alice')).toHaveLength(2);
      const incident = await store.incidentFacts('bob', [aliceBear?.uid ?? ''], { mode: 'all' });
      expect(incident).toEqual([]);
    });

    it('forgets a whole user and leaves the other intact', async () => {
      expect(await memory.forget({ userId: 'alice', all: true })).toEqual({ deleted: true });
      expect(await memory.users()).toEqual(['bob']);
      expect(await memory.entities('alice')).toEqual([]);
      expect(await memory.facts('alice', { includeHistory: true })).toEqual([]);
      expect(await store.entityByKey('alice', 'polar bear')).toBeUndefined();
      expect((await memory.facts('bob')).map((f) => f.object).sort()).toEqual(['Rome', 'salmon']);
      expect(await memory.stats('bob')).toEqual({ entities: 4, facts: 2, currentFacts: 2 });
      expect(await memory.forget({ userId: 'alice', all: true })).toEqual({ deleted: false });
    });
  });

  describe('forget', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    it('forgets one fact by uid', async () => {
      const { factUids } = await memory.addTriples('alice', [
        { subject: 'I', predicate: 'likes', object: 'tea' },
        { subject: 'I', predicate: 'likes', object: 'jazz' },
      ]);
      expect(await memory.forget({ userId: 'alice', factUid: factUids[0] ?? '' })).toEqual({
        deleted: true,
      });
      expect((await memory.facts('alice')).map((f) => f.object)).toEqual(['jazz']);
    });

    it('forgets an entity with every fact touching it, by any of its names', async () => {
      await memory.addTriples('alice', [
        { subject: 'Polar bear', predicate: 'likes', object: 'pizza' },
        { subject: 'I', predicate: 'friend', object: 'Polar Bear' },
        { subject: 'I', predicate: 'likes', object: 'tea' },
      ]);
      expect(await memory.forget({ userId: 'alice', entity: 'polar bear' })).toEqual({ deleted: true });
      expect((await memory.facts('alice')).map((f) => f.statement)).toEqual(['User likes tea']);
      expect(await store.entityByKey('alice', 'polar bear')).toBeUndefined();
      await expect(memory.forget({ userId: 'alice', entity: 'nobody' })).rejects.toMatchObject({
        name: 'NotFoundError',
      });
      // The name is free again and resolves to a fresh entity.
      await memory.addTriples('alice', [{ subject: 'Polar bear', predicate: 'likes', object: 'fish' }]);
      expect(await memory.facts('alice', { entity: 'Polar bear' })).toHaveLength(1);
    });
  });

  describe('users and stats', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    it('lists users and counts their memory', async () => {
      expect(await memory.users()).toEqual([]);
      await memory.addTriples('zed', [{ subject: 'I', predicate: 'likes', object: 'tea' }]);
      await memory.addTriples('amy', [{ subject: 'I', predicate: 'likes', object: 'tea' }]);
      expect(await memory.users()).toEqual(['amy', 'zed']);
      expect(await memory.stats('amy')).toEqual({ entities: 2, facts: 1, currentFacts: 1 });
      expect(await memory.stats('nobody')).toEqual({ entities: 0, facts: 0, currentFacts: 0 });
    });
  });

  describe('per-entity cap', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
    it('keeps the most recent facts of a busy entity, then the most mentioned, the same on every backend', async () => {
      const day = (n: number) => new Date(Date.UTC(2026, 0, n));
      for (const [n, film] of [
        [1, 'Alpha'],
        [5, 'Echo'],
        [3, 'Charlie'],
        [4, 'Delta'],
        [2, 'Bravo'],
      ] as const) {
        await memory.addTriples('alice', [{ subject: film, predicate: 'has_genre', object: 'Drama' }], {
          at: day(n),
        });
      }
      // Same time as Echo, said twice: the tie goes to the more mentioned fact.
      await memory.addTriples('alice', [{ subject: 'Foxtrot', predicate: 'has_genre', object: 'Drama' }], {
        at: day(5),
      });
      await memory.addTriples('alice', [{ subject: 'Foxtrot', predicate: 'has_genre', object: 'Drama' }], {
        at: day(5),
      });
      const drama = await store.entityByKey('alice', 'drama');
      const capped = await store.incidentFacts(
        'alice',
        [drama?.uid as string],
        { mode: 'current' },
        undefined,
        3,
      );
      expect(capped.map((f) => f.subject)).toEqual(['Foxtrot', 'Echo', 'Delta']);
      const all = await store.incidentFacts('alice', [drama?.uid as string], { mode: 'current' });
      expect(all).toHaveLength(6);
    });
  });
}
