import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MultiDirectedGraph } from 'graphology';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import type { ExportDocument } from '../../src/memory/export-format.js';
import type { Memory } from '../../src/memory/memory.js';
import type { GraphStore } from '../../src/store/base.js';
import { tempDir } from '../helpers/temp-dir.js';
import { registerForgetLeavesNothing } from './forget-leaves-nothing.js';
import { registerMergeSplit } from './merge-split.js';
import { registerProfileInStep } from './profile-in-step.js';
import { registerResolutionVariants } from './resolution-variants.js';
import type { StoreInitializer } from './types.js';
import { registerWritesInTransaction } from './writes-in-transaction.js';

/**
 * The backend conformance suite: every `GraphStore` must pass it unchanged. It drives the store
 * through the public `Memory` API (what users see) and, where a guarantee lives in the port
 * itself (atomic batches, user scoping of uids), through the store directly.
 */
export function registerConformanceSuite(init: StoreInitializer): void {
  registerWritesInTransaction(init);
  registerForgetLeavesNothing(init);
  registerResolutionVariants(init);
  registerProfileInStep(init);
  registerMergeSplit(init);
  describe(`GraphStore conformance: ${init.name}`, () => {
    let store: GraphStore;
    let memory: Memory;

    beforeEach(async () => {
      store = await init.create();
      memory = await createMemory({ store, embeddings: new HashingEmbeddings({ dimension: 64 }) });
    });

    afterEach(async () => {
      await memory.close();
      await init.destroy(store);
    });

    describe('addTriples', () => {
      it('stores a triple as two entities and one current fact', async () => {
        const result = await memory.addTriples('alice', [
          { subject: 'Polar bear', predicate: 'likes', object: 'pizza' },
        ]);
        expect(result).toMatchObject({ added: 1, updated: 0, invalidated: 0, entitiesCreated: 2 });
        const facts = await memory.facts('alice');
        expect(facts).toHaveLength(1);
        expect(facts[0]).toMatchObject({
          subject: 'Polar bear',
          predicate: 'likes',
          key: 'likes',
          object: 'pizza',
          statement: 'Polar bear likes pizza',
          validTo: null,
          mentions: 1,
          episodeIds: ['api'],
        });
      });

      it('counts a repeated current fact as a mention instead of a second edge', async () => {
        await memory.addTriples('alice', [{ subject: 'Polar bear', predicate: 'likes', object: 'pizza' }], {
          source: 'thread-1',
        });
        const again = await memory.addTriples(
          'alice',
          [{ subject: 'polar  BEAR', predicate: 'Likes', object: 'Pizza!' }],
          { source: 'thread-2' },
        );
        expect(again).toMatchObject({ added: 0, updated: 1, entitiesCreated: 0 });
        const facts = await memory.facts('alice');
        expect(facts).toHaveLength(1);
        expect(facts[0]?.mentions).toBe(2);
        expect(facts[0]?.episodeIds.sort()).toEqual(['thread-1', 'thread-2']);
        expect(await memory.entities('alice')).toHaveLength(2);
      });

      it('dedupes the same triple within one batch', async () => {
        const result = await memory.addTriples('alice', [
          { subject: 'Ann', predicate: 'likes', object: 'tea' },
          { subject: 'ann', predicate: 'likes', object: 'Tea' },
        ]);
        expect(result.added).toBe(1);
        expect(result.factUids[0]).toBe(result.factUids[1]);
        expect((await memory.facts('alice'))[0]?.mentions).toBe(2);
      });

      it('resolves I, me, my and user to the user entity', async () => {
        await memory.addTriples('alice', [
          { subject: 'I', predicate: 'likes', object: 'jazz' },
          { subject: 'me', predicate: 'likes', object: 'tea' },
          { subject: 'My', predicate: 'owns', object: 'a bike' },
          { subject: 'user', predicate: 'knows', object: 'Bob' },
        ]);
        const entities = await memory.entities('alice');
        const users = entities.filter((e) => e.key === 'user');
        expect(users).toHaveLength(1);
        expect(users[0]?.mentions).toBe(4);
        expect(users[0]?.name).toBe('User');
        const facts = await memory.facts('alice', { entity: 'me' });
        expect(facts.map((f) => f.statement).sort()).toEqual([
          'User knows Bob',
          'User likes jazz',
          'User likes tea',
          'User owns a bike',
        ]);
      });

      it('accepts the KnowledgeTriple shape (object_)', async () => {
        await memory.addTriples('alice', [{ subject: 'Sasako', predicate: 'friend', object_: 'Polar bear' }]);
        expect((await memory.facts('alice'))[0]?.statement).toBe("Sasako's friend is Polar bear");
      });

      it('closes the previous fact of a functional predicate and keeps it as history', async () => {
        const first = await memory.addTriples(
          'alice',
          [{ subject: 'I', predicate: 'lives_in', object: 'Paris' }],
          {
            at: '2026-01-01T00:00:00Z',
          },
        );
        const second = await memory.addTriples(
          'alice',
          [{ subject: 'I', predicate: 'lives in', object: 'New York' }],
          { at: '2026-06-01T00:00:00Z' },
        );
        expect(second).toMatchObject({ added: 1, invalidated: 1 });
        const current = await memory.facts('alice');
        expect(current.map((f) => f.object)).toEqual(['New York']);
        const history = await memory.facts('alice', { includeHistory: true });
        const paris = history.find((f) => f.object === 'Paris');
        expect(paris?.uid).toBe(first.factUids[0]);
        expect(paris?.validTo?.toISOString()).toBe('2026-06-01T00:00:00.000Z');
        expect(paris?.invalidatedBy).toBe('api');
        expect(paris?.supersededBy).toBe(second.factUids[0]);
        const march = await memory.facts('alice', { asOf: '2026-03-01T00:00:00Z' });
        expect(march.map((f) => f.object)).toEqual(['Paris']);
      });

      it('keeps several current values of a non-functional predicate', async () => {
        await memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'tea' }]);
        await memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'coffee' }]);
        expect((await memory.facts('alice')).map((f) => f.object).sort()).toEqual(['coffee', 'tea']);
      });

      it('applies functional predicates in order within one batch', async () => {
        const result = await memory.addTriples('alice', [
          { subject: 'I', predicate: 'works_at', object: 'Acme' },
          { subject: 'I', predicate: 'works_at', object: 'Globex' },
        ]);
        expect(result).toMatchObject({ added: 2, invalidated: 1 });
        expect((await memory.facts('alice')).map((f) => f.object)).toEqual(['Globex']);
        expect(await memory.facts('alice', { includeHistory: true })).toHaveLength(2);
      });

      it('honours a custom list of functional predicates', async () => {
        const custom = await createMemory({
          store,
          embeddings: new HashingEmbeddings({ dimension: 64 }),
          functionalPredicates: ['favourite_colour'],
        });
        await custom.addTriples('carol', [{ subject: 'I', predicate: 'favourite colour', object: 'red' }]);
        await custom.addTriples('carol', [{ subject: 'I', predicate: 'favourite_colour', object: 'blue' }]);
        await custom.addTriples('carol', [{ subject: 'I', predicate: 'lives_in', object: 'Oslo' }]);
        await custom.addTriples('carol', [{ subject: 'I', predicate: 'lives_in', object: 'Bergen' }]);
        const objects = (await custom.facts('carol')).map((f) => f.object).sort();
        expect(objects).toEqual(['Bergen', 'Oslo', 'blue']);
      });

      it('refuses a batch with an invalid triple and writes nothing of it', async () => {
        await memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'tea' }]);
        const bad = [
          { subject: 'I', predicate: 'likes', object: 'coffee' },
          { subject: '   ', predicate: 'likes', object: 'cake' },
        ];
        await expect(memory.addTriples('alice', bad)).rejects.toMatchObject({ name: 'InvalidInputError' });
        await expect(
          memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'x'.repeat(2001) }]),
        ).rejects.toMatchObject({ name: 'InvalidInputError' });
        await expect(
          memory.addTriples('alice', [{ subject: 'I', predicate: '---', object: 'cake' }]),
        ).rejects.toMatchObject({ name: 'InvalidInputError' });
        await expect(
          memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'bad\u0000bytes' }]),
        ).rejects.toMatchObject({ name: 'InvalidInputError' });
        for (const userId of ['', '   ', 'x'.repeat(300)]) {
          await expect(
            memory.addTriples(userId, [{ subject: 'I', predicate: 'likes', object: 'tea' }]),
          ).rejects.toMatchObject({ name: 'InvalidInputError' });
        }
        expect((await memory.facts('alice')).map((f) => f.object)).toEqual(['tea']);
      });

      it('creates a shared new entity once under concurrent writes', async () => {
        await Promise.all(
          ['pizza', 'pasta', 'sushi', 'tacos'].map((food) =>
            memory.addTriples('alice', [{ subject: 'Polar bear', predicate: 'likes', object: food }]),
          ),
        );
        const bears = (await memory.entities('alice')).filter((e) => e.key === 'polar bear');
        expect(bears).toHaveLength(1);
        expect(bears[0]?.mentions).toBe(4);
      });

      it('merges a similar name into an existing entity above the threshold and keeps it as an alias', async () => {
        const merging = await createMemory({
          store,
          embeddings: new HashingEmbeddings({ dimension: 64 }),
          mergeThreshold: 0.6,
        });
        await merging.addTriples('alice', [{ subject: 'Polar bear', predicate: 'likes', object: 'pizza' }]);
        await merging.addTriples('alice', [{ subject: 'Polar bears', predicate: 'likes', object: 'ice' }]);
        const bear = (await merging.entities('alice')).find((e) => e.key === 'polar bear');
        expect(bear?.aliases).toContain('polar bears');
        expect(await merging.facts('alice', { entity: 'polar bears' })).toHaveLength(2);
        // Names that differ in their numbers are never merged, however similar.
        await merging.addTriples('alice', [
          { subject: 'Room 101', predicate: 'is in', object: 'Building A' },
        ]);
        await merging.addTriples('alice', [
          { subject: 'Room 102', predicate: 'is in', object: 'Building A' },
        ]);
        const rooms = (await merging.entities('alice')).filter((e) => e.key.startsWith('room'));
        expect(rooms.map((e) => e.key).sort()).toEqual(['room 101', 'room 102']);
        // With the default threshold (0.95) the lexical embedder keeps the two names apart.
        await memory.addTriples('bob', [{ subject: 'Polar bear', predicate: 'likes', object: 'pizza' }]);
        await memory.addTriples('bob', [{ subject: 'Polar bears', predicate: 'likes', object: 'ice' }]);
        expect((await memory.entities('bob')).map((e) => e.key)).toContain('polar bears');
      });
    });

    describe('temporal rules', () => {
      const lives = (city: string) => [{ subject: 'I', predicate: 'lives_in', object: city }];
      /** The user's lives_in history as `city [from, to) closedBy`, oldest first. */
      const history = async (user: string) =>
        (await memory.facts(user, { includeHistory: true, predicate: 'lives_in' }))
          .sort(
            (a, b) =>
              a.validFrom.getTime() - b.validFrom.getTime() ||
              (a.validTo?.getTime() ?? Infinity) - (b.validTo?.getTime() ?? Infinity),
          )
          .map(
            (f) =>
              `${f.object} [${f.validFrom.toISOString().slice(0, 10)}, ${f.validTo ? f.validTo.toISOString().slice(0, 10) : 'now'}) ${f.invalidatedBy ?? '-'}`,
          );
      const cases: { name: string; writes: [string, string, string][]; expected: string[] }[] = [
        {
          name: 'in order',
          writes: [
            ['Paris', '2026-01-01', 'e1'],
            ['Rome', '2026-03-01', 'e2'],
          ],
          expected: ['Paris [2026-01-01, 2026-03-01) e2', 'Rome [2026-03-01, now) -'],
        },
        {
          name: 'out of order',
          writes: [
            ['Rome', '2026-03-01', 'e2'],
            ['Paris', '2026-01-01', 'e1'],
          ],
          expected: ['Paris [2026-01-01, 2026-03-01) e2', 'Rome [2026-03-01, now) -'],
        },
        {
          name: 'same instant (the later write wins)',
          writes: [
            ['Paris', '2026-01-01', 'e1'],
            ['Rome', '2026-01-01', 'e2'],
          ],
          expected: ['Paris [2026-01-01, 2026-01-01) e2', 'Rome [2026-01-01, now) -'],
        },
        {
          name: 're-extracting an old turn',
          writes: [
            ['Paris', '2026-01-01', 'e1'],
            ['Rome', '2026-03-01', 'e2'],
            ['Paris', '2026-01-01', 'e1'],
          ],
          expected: ['Paris [2026-01-01, 2026-03-01) e2', 'Rome [2026-03-01, now) -'],
        },
        {
          name: 'a value landing between two others',
          writes: [
            ['Paris', '2026-01-01', 'e1'],
            ['Rome', '2026-05-01', 'e3'],
            ['Berlin', '2026-03-01', 'e2'],
          ],
          expected: [
            'Paris [2026-01-01, 2026-03-01) e2',
            'Berlin [2026-03-01, 2026-05-01) e3',
            'Rome [2026-05-01, now) -',
          ],
        },
      ];
      // A value that recurs: Lisbon, Oslo, Lisbon again, written in every one of the six orders;
      // and a value recurring three times, in a sample of the 120 orders of its five writes.
      const recurring: [string, string, string][] = [
        ['Lisbon', '2026-01-01', 'jan'],
        ['Oslo', '2026-03-01', 'mar'],
        ['Lisbon', '2026-06-01', 'jun'],
      ];
      for (const order of permutations(recurring)) {
        cases.push({
          name: `a recurring value, written ${order.map((w) => w[2]).join(', ')}`,
          writes: order,
          expected: [
            'Lisbon [2026-01-01, 2026-03-01) mar',
            'Oslo [2026-03-01, 2026-06-01) jun',
            'Lisbon [2026-06-01, now) -',
          ],
        });
      }
      const threeTimes: [string, string, string][] = [
        ['Lisbon', '2026-01-01', 'w1'],
        ['Oslo', '2026-03-01', 'w2'],
        ['Lisbon', '2026-05-01', 'w3'],
        ['Oslo', '2026-07-01', 'w4'],
        ['Lisbon', '2026-09-01', 'w5'],
      ];
      for (const [i, order] of permutations(threeTimes).entries()) {
        if (i % 17 !== 0) continue;
        cases.push({
          name: `a value recurring three times, written ${order.map((w) => w[2]).join(', ')}`,
          writes: order,
          expected: [
            'Lisbon [2026-01-01, 2026-03-01) w2',
            'Oslo [2026-03-01, 2026-05-01) w3',
            'Lisbon [2026-05-01, 2026-07-01) w4',
            'Oslo [2026-07-01, 2026-09-01) w5',
            'Lisbon [2026-09-01, now) -',
          ],
        });
      }
      for (const { name, writes, expected } of cases) {
        it(`keeps history consistent: ${name}`, async () => {
          for (const [city, at, source] of writes)
            await memory.addTriples('tim', lives(city), { at, source });
          expect(await history('tim')).toEqual(expected);
        });
      }

      it('closes many facts in one write (more than the single-row statements take)', async () => {
        const people = Array.from({ length: 40 }, (_, i) => `Person ${i}`);
        const move = (city: string) =>
          people.map((p) => ({ subject: p, predicate: 'lives_in', object: city }));
        await memory.addTriples('tim', move('Lisbon'), { at: '2026-01-01' });
        const moved = await memory.addTriples('tim', move('Oslo'), { at: '2026-02-01' });
        expect(moved).toMatchObject({ added: 40, invalidated: 40 });
        expect(new Set((await memory.facts('tim', { predicate: 'lives_in' })).map((f) => f.object))).toEqual(
          new Set(['Oslo']),
        );
        const closed = (await memory.facts('tim', { includeHistory: true })).filter(
          (f) => f.validTo !== null,
        );
        expect(closed).toHaveLength(40);
        expect(closed.every((f) => f.supersededBy !== null && f.invalidatedBy === 'api')).toBe(true);
      });

      it('keeps each observation with its time and source, and the count of mentions equal to them', async () => {
        for (const [city, at, source] of [
          ['Lisbon', '2026-06-01', 'jun'],
          ['Lisbon', '2026-02-01', 'feb'],
          ['Lisbon', '2026-01-01', 'jan'],
          ['Oslo', '2026-03-01', 'mar'],
        ] as const)
          await memory.addTriples('tim', lives(city), { at, source });
        const facts = (await memory.facts('tim', { includeHistory: true, predicate: 'lives_in' })).sort(
          (a, b) => a.validFrom.getTime() - b.validFrom.getTime(),
        );
        expect(
          facts.map((f) => [
            f.object,
            f.mentions,
            f.observedAt.map((t) => t.toISOString().slice(0, 10)),
            f.observedBy,
            [...f.episodeIds].sort(),
          ]),
        ).toEqual([
          ['Lisbon', 2, ['2026-01-01', '2026-02-01'], ['jan', 'feb'], ['feb', 'jan']],
          ['Oslo', 1, ['2026-03-01'], ['mar'], ['mar']],
          ['Lisbon', 1, ['2026-06-01'], ['jun'], ['jun']],
        ]);
        // The current home is the June one; in April it was Oslo, in February Lisbon.
        expect((await memory.facts('tim', { predicate: 'lives_in' })).map((f) => f.object)).toEqual([
          'Lisbon',
        ]);
        expect((await memory.facts('tim', { asOf: '2026-04-01' })).map((f) => f.object)).toEqual(['Oslo']);
        expect((await memory.facts('tim', { asOf: '2026-02-15' })).map((f) => f.object)).toEqual(['Lisbon']);
      });

      it('tells a correction (never true) from a change (true until now), asOf before the update included', async () => {
        const day = (d: string) => new Date(`${d}T00:00:00Z`);
        await memory.addTriples('u1', [{ subject: 'I', predicate: 'works_at', object: 'Amazon' }], {
          at: day('2025-03-01'),
        });
        await memory.addTriples('u1', [{ subject: 'I', predicate: 'lives_in', object: 'Lisbon' }], {
          at: day('2025-01-01'),
        });
        const corrected = await memory.updateFact(
          'u1',
          { subject: 'I', predicate: 'works_at' },
          { object: 'Amazon Web Services', kind: 'correction' },
        );
        await memory.updateFact(
          'u1',
          { subject: 'I', predicate: 'lives_in' },
          { object: 'Oslo', at: day('2025-09-01') },
        );
        const at = async (date: string, predicate: string) =>
          (await memory.facts('u1', { predicate, asOf: day(date) })).map((f) => f.object);
        // Corrected: the right value holds over the old interval; the wrong one at no time.
        expect(await at('2025-04-01', 'works_at')).toEqual(['Amazon Web Services']);
        expect(await at('2025-02-01', 'works_at')).toEqual([]);
        // Changed: the old value held until the change.
        expect(await at('2025-04-01', 'lives_in')).toEqual(['Lisbon']);
        expect(await at('2025-10-01', 'lives_in')).toEqual(['Oslo']);
        const history = await memory.facts('u1', { includeHistory: true, predicate: 'works_at' });
        const retracted = history.find((f) => f.uid === corrected.closed);
        expect(retracted?.validTo?.getTime()).toBe(day('2025-03-01').getTime());
        expect(retracted?.supersededBy).toBe(corrected.factUid);
        const recalled = await memory.recall({
          userId: 'u1',
          query: 'where do I work',
          includeHistory: true,
        });
        expect(recalled.context).toContain('User works at Amazon (retracted: it was never true)');
        await expect(
          memory.updateFact(
            'u1',
            { subject: 'I', predicate: 'works_at' },
            { object: 'x', kind: 'correction', at: day('2026-01-01') },
          ),
        ).rejects.toMatchObject({ name: 'InvalidInputError' });
      });

      it('answers asOf between two facts written out of order', async () => {
        await memory.addTriples('tim', lives('Rome'), { at: '2026-03-01' });
        await memory.addTriples('tim', lives('Paris'), { at: '2026-01-01' });
        expect((await memory.facts('tim', { asOf: '2026-02-01' })).map((f) => f.object)).toEqual(['Paris']);
        expect((await memory.facts('tim', { asOf: '2026-04-01' })).map((f) => f.object)).toEqual(['Rome']);
        expect((await memory.facts('tim')).map((f) => f.object)).toEqual(['Rome']);
        const recalled = await memory.recall({ userId: 'tim', query: 'where do I live', asOf: '2026-04-01' });
        expect(recalled.facts.map((f) => f.object)).toContain('Rome');
        expect(recalled.facts.map((f) => f.object)).not.toContain('Paris');
      });

      it('closes a fact with an opposite predicate and a negation, naming the closing source', async () => {
        await memory.addTriples('tim', [{ subject: 'I', predicate: 'likes', object: 'pizza' }], {
          at: '2026-01-01',
          source: 'e1',
        });
        const dislike = await memory.addTriples(
          'tim',
          [{ subject: 'I', predicate: 'dislikes', object: 'pizza' }],
          { at: '2026-02-01', source: 'e2' },
        );
        expect(dislike).toMatchObject({ added: 1, invalidated: 1 });
        expect((await memory.facts('tim')).map((f) => f.statement)).toEqual(['User dislikes pizza']);
        const liked = (await memory.facts('tim', { includeHistory: true })).find((f) => f.key === 'likes');
        expect(liked).toMatchObject({ invalidatedBy: 'e2', supersededBy: dislike.factUids[0] });

        await memory.addTriples('tim', lives('Oslo'), { at: '2026-01-01', source: 'e1' });
        const negated = await memory.addTriples(
          'tim',
          [{ subject: 'I', predicate: 'not lives in', object: 'Oslo' }],
          { at: '2026-03-01', source: 'e3' },
        );
        expect(negated.invalidated).toBe(1);
        expect((await memory.facts('tim', { predicate: 'lives_in' })).length).toBe(0);
      });
    });

    describe('episodes and fact similarity', () => {
      const turn = (content: string, at: string, threadId = 'session-1') => ({
        userId: 'eve',
        threadId,
        messages: [{ role: 'user', content }],
        at,
      });

      it('finds stored turns by their words and by similarity, user-scoped, with thread neighbours', async () => {
        const first = await memory.remember(
          turn('I went to a pottery workshop yesterday.', '2026-01-01T10:00:00Z'),
        );
        const second = await memory.remember(
          turn('The clay was cold but fun to shape.', '2026-01-01T10:01:00Z'),
        );
        const third = await memory.remember(turn('Then we had tea in the garden.', '2026-01-01T10:02:00Z'));
        await memory.remember({
          ...turn('I also love pottery workshops.', '2026-01-02T10:00:00Z'),
          userId: 'mallory',
        });
        const hits = await store.searchEpisodes('eve', {
          text: 'pottery workshop',
          vector: await memory.embedder.embeddings.embedQuery('pottery workshop'),
          k: 5,
          minSimilarity: 0.1,
        });
        expect(hits.text[0]?.uid).toBe(first.episodeUid);
        expect(hits.vector[0]?.uid).toBe(first.episodeUid);
        const all = [...hits.text, ...hits.vector].map((h) => h.uid);
        expect(all.every((uid) => [first, second, third].some((t) => t.episodeUid === uid))).toBe(true);
        const around = await store.episodeNeighbours('eve', [second.episodeUid], 1);
        expect(around.get(second.episodeUid)?.sort()).toEqual([first.episodeUid, third.episodeUid].sort());

        const recalled = await memory.recall({
          userId: 'eve',
          query: 'what did I do at the pottery workshop?',
        });
        expect(recalled.episodes[0]?.uid).toBe(first.episodeUid);
        expect(recalled.episodes[0]?.excerpt).toContain('pottery workshop');
        expect(
          recalled.episodes.some((e) => e.uid === second.episodeUid && e.signals.includes('neighbour')),
        ).toBe(true);
        expect(recalled.context).toContain('pottery workshop');
      });

      it('finds a turn by the kind of thing it names (its concepts), for this user only', async () => {
        const violin = await memory.remember(
          turn('I practise the violin every evening.', '2026-01-01T10:00:00Z'),
        );
        const others = [
          'We watched a film on Sunday.',
          'My sister baked bread for the neighbours.',
          'The bus to work was late again.',
          'I planted tomatoes in the garden.',
          'Our team won the quiz at the pub.',
        ];
        for (const [i, content] of others.entries())
          await memory.remember(turn(content, `2026-01-0${i + 2}T10:00:00Z`));
        await memory.remember({
          ...turn('I play the cello at night.', '2026-01-01T10:02:00Z'),
          userId: 'mallory',
        });
        const query = { text: 'which instruments', vector: null, k: 5, minSimilarity: 0.1 };
        // No word of the question is in the turn: only its concepts find it.
        expect((await store.searchEpisodes('eve', query)).text).toEqual([]);
        const hits = await store.searchEpisodes('eve', {
          ...query,
          concepts: [{ word: 'which instruments', weight: 0.3 }],
        });
        expect(hits.text.map((h) => h.uid)).toEqual([violin.episodeUid]);

        const recalled = await memory.recall({ userId: 'eve', query: 'Which instruments?' });
        expect(recalled.episodes.map((e) => e.uid)).toEqual([violin.episodeUid]);
        expect(recalled.episodes[0]?.signals).toContain('episode-text');
      });

      it('searches and recalls past turns whose embedding is zero (emoji, dots) without failing', async () => {
        for (const [i, content] of ['🙂🙂', '...', 'I baked a lemon cake for the party.'].entries())
          await memory.remember(turn(content, `2026-03-0${i + 1}T10:00:00Z`));
        const vector = await new HashingEmbeddings({ dimension: 64 }).embedQuery('lemon cake');
        const hits = await store.searchEpisodes('eve', {
          text: 'lemon cake',
          vector,
          k: 5,
          minSimilarity: 0.1,
        });
        expect(hits.vector.length).toBeGreaterThan(0);
        const recalled = await memory.recall({ userId: 'eve', query: 'What did I bake?' });
        expect(recalled.episodes[0]?.excerpt).toContain('lemon cake');
        // Embedded (with nothing to compare), not missing: no re-embedding on every recall.
        expect((await store.missingVectors('eve', 10)).episodes).toEqual([]);
      });

      it("finds facts by the similarity of their statements, and never another user's", async () => {
        await memory.addTriples('eve', [
          { subject: 'Polar bear', predicate: 'likes', object: 'pizza' },
          { subject: 'I', predicate: 'work at', object: 'Acme' },
        ]);
        await memory.addTriples('mallory', [{ subject: 'Polar bear', predicate: 'likes', object: 'pizza' }]);
        const vector = await memory.embedder.embeddings.embedQuery('polar bear likes pizza');
        const hits = await store.similarFacts('eve', vector, 5, 0.2);
        const facts = await store.factsByUids(
          'eve',
          hits.map((h) => h.uid),
        );
        expect(facts[0]?.statement).toBe('Polar bear likes pizza');
        expect(facts.every((f) => f.userId === 'eve')).toBe(true);
        const mallory = await memory.facts('mallory');
        expect(
          await store.factsByUids(
            'eve',
            mallory.map((f) => f.uid),
          ),
        ).toEqual([]);
      });

      it('embeds turns and facts stored without vectors on the first recall (migration)', async () => {
        const episode = {
          uid: 'ep_old',
          userId: 'eve',
          threadId: 't',
          messages: [{ role: 'user' as const, content: 'We adopted a dog named Rex.' }],
          contentHash: 'x',
          summary: '',
          at: new Date('2025-01-01T00:00:00Z'),
          status: 'extracted' as const,
          error: '',
        };
        await store.createEpisode(episode);
        expect((await store.missingVectors('eve', 10)).episodes.map((e) => e.uid)).toEqual(['ep_old']);
        const recalled = await memory.recall({ userId: 'eve', query: 'did we adopt a dog?' });
        expect(recalled.episodes[0]?.uid).toBe('ep_old');
        expect((await store.missingVectors('eve', 10)).episodes).toEqual([]);
      });

      it('lists the facts stored without a vector as missing, and none once every fact has one', async () => {
        await memory.addTriples('eve', [{ subject: 'Rex', predicate: 'is a', object: 'dog' }]);
        expect((await store.missingVectors('eve', 10)).facts).toEqual([]);
        const [rex] = (await memory.entities('eve')).filter((e) => e.key === 'rex');
        const now = new Date();
        const fact = {
          uid: 'fact-without-vector',
          subjectUid: rex?.uid ?? '',
          objectUid: rex?.uid ?? '',
          predicate: 'likes',
          key: 'likes',
          statement: 'Rex likes Rex',
          confidence: 1,
          validFrom: now,
          createdAt: now,
          episodeIds: ['api'],
          mentions: 1,
          observedAt: [now],
          observedBy: ['api'],
        };
        await store.write({
          userId: 'eve',
          at: now,
          entities: [],
          keys: [],
          touches: [],
          facts: [fact],
          mentions: [],
          invalidations: [],
          validFrom: [],
        });
        expect((await store.missingVectors('eve', 10)).facts).toEqual([
          { uid: 'fact-without-vector', subjectUid: rex?.uid, statement: 'Rex likes Rex' },
        ]);
        await memory.recall({ userId: 'eve', query: 'what does Rex like?' });
        expect((await store.missingVectors('eve', 10)).facts).toEqual([]);
      });
    });

    describe('atomic writes', () => {
      it('leaves nothing behind when a batch fails part-way', async () => {
        await memory.addTriples('alice', [{ subject: 'I', predicate: 'likes', object: 'tea' }]);
        const [tea] = await memory.entities('alice').then((list) => list.filter((e) => e.key === 'tea'));
        const now = new Date();
        const entity = (uid: string, key: string) => ({
          uid,
          key,
          name: key,
          type: '',
          summary: '',
          aliases: [key],
          embedding: new Array(64).fill(0.1),
          at: now,
          mentions: 1,
        });
        // The second entity reuses the uid of an existing one: the write must fail as a whole.
        await expect(
          store.write({
            userId: 'alice',
            at: now,
            entities: [entity('fresh-uid-1', 'brand new'), entity(tea?.uid ?? 'x', 'duplicate')],
            keys: [],
            touches: [],
            facts: [],
            mentions: [],
            invalidations: [],
            validFrom: [],
          }),
        ).rejects.toThrow();
        const keys = (await memory.entities('alice')).map((e) => e.key).sort();
        expect(keys).toEqual(['tea', 'user']);
        expect(await store.entityByKey('alice', 'brand new')).toBeUndefined();
      });
    });

    describe('exactly as sent', () => {
      it('keeps a turn byte-exact: edge whitespace, tabs, CRLF, non-BMP characters, names and thread ids', async () => {
        const long = `  ${'x'.repeat(5_990)}\t `;
        const reply = `\r\n\tdef f():\r\n\t\treturn 1  \r\n${'🦜 '.repeat(6_000)}`;
        const messages = [
          { role: 'user' as const, content: long, name: '  Ana María ' },
          { role: 'assistant' as const, content: reply },
          { role: 'user' as const, content: '𝒜 address:\n  12 Rue X  \n  Paris\t' },
        ];
        const threadId = ' thread\t1 ';
        const result = await memory.remember({ userId: 'eve', threadId, messages, at: '2026-02-01' });
        const [stored] = await memory.listEpisodes('eve', { uids: [result.episodeUid] });
        expect(stored?.threadId).toBe(threadId);
        expect(stored?.messages).toEqual(messages);
        expect(stored?.messages.map((m) => m.content.length)).toEqual(messages.map((m) => m.content.length));
        // Sent again exactly, it is the same turn; with one character less, another.
        expect((await memory.remember({ userId: 'eve', threadId, messages, at: '2026-02-01' })).status).toBe(
          'duplicate',
        );
      });

      it('refuses a user id with surrounding whitespace instead of reading it as another user', async () => {
        await memory.addTriples('alice', [{ subject: 'I', predicate: 'lives_in', object: 'Paris' }]);
        for (const id of ['alice ', ' alice', '\talice'])
          await expect(
            memory.addTriples(id, [{ subject: 'I', predicate: 'lives_in', object: 'Rome' }]),
          ).rejects.toMatchObject({ name: 'InvalidInputError', message: expect.stringContaining('exact') });
        await expect(memory.recall({ userId: 'alice ', query: 'where do I live' })).rejects.toMatchObject({
          name: 'InvalidInputError',
        });
        expect((await memory.facts('alice')).map((f) => f.object)).toEqual(['Paris']);
        expect(await memory.users()).toEqual(['alice']);
        // Inner spaces are part of an id like any other character.
        await memory.addTriples('alice smith', [{ subject: 'I', predicate: 'lives_in', object: 'Oslo' }]);
        expect((await memory.facts('alice smith')).map((f) => f.object)).toEqual(['Oslo']);
      });
    });

    describe('backup and restore', () => {
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
        expect((await memory.facts('bob', { entity: 'Polar bear' })).map((f) => f.object)).toEqual([
          'salmon',
        ]);
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

    describe('read-only Cypher (the console without the token)', () => {
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

    describe('recall', () => {
      beforeEach(async () => {
        await memory.addTriples(
          'sasako',
          [
            { subject: 'I', predicate: 'name', object: 'Sasako' },
            { subject: 'I', predicate: 'friend', object: 'Polar bear' },
            { subject: 'Polar bear', predicate: 'likes', object: 'pizza' },
            { subject: 'Polar bear', predicate: 'lives_in', object: 'Svalbard' },
            { subject: 'Svalbard', predicate: 'is part of', object: 'Norway' },
            { subject: 'I', predicate: 'lives in', object: 'Osaka' },
          ],
          { at: '2026-01-01T00:00:00Z', source: 'thread-1' },
        );
        await memory.addTriples('sasako', [{ subject: 'I', predicate: 'lives_in', object: 'Kyoto' }], {
          at: '2026-05-01T00:00:00Z',
          source: 'thread-2',
        });
      });

      it("links names in the question, possessives included, and returns the friend's food", async () => {
        const result = await memory.recall({
          userId: 'sasako',
          query: "What food should I bring to Polar bear's party?",
        });
        expect(result.facts.map((f) => f.statement)).toContain('Polar bear likes pizza');
        expect(result.context).toContain('Polar bear likes pizza');
        const bear = result.entities.find((e) => e.name === 'Polar bear');
        expect(bear?.via).toBe('name');
        const pizza = result.facts.find((f) => f.object === 'pizza');
        expect(pizza).toMatchObject({
          subject: 'Polar bear',
          predicate: 'likes',
          hops: 1,
          episodeIds: ['thread-1'],
        });
      });

      it('prefers the fact whose predicate the question asks about', async () => {
        const result = await memory.recall({ userId: 'sasako', query: 'Where does Polar bear live?' });
        expect(result.facts[0]?.statement).toBe('Polar bear lives in Svalbard');
      });

      it('returns current facts only, unless asked for history or a past time', async () => {
        const now = await memory.recall({ userId: 'sasako', query: 'where do I live' });
        const objects = now.facts.map((f) => f.object);
        expect(objects).toContain('Kyoto');
        expect(objects).not.toContain('Osaka');
        expect(now.facts[0]?.object).toBe('Kyoto');
        const past = await memory.recall({ userId: 'sasako', query: 'where do I live', asOf: '2026-02-01' });
        expect(past.facts.map((f) => f.object)).toContain('Osaka');
        expect(past.facts.map((f) => f.object)).not.toContain('Kyoto');
        expect(past.context).toContain('as of 2026-02-01');
        const history = await memory.recall({
          userId: 'sasako',
          query: 'where do I live',
          includeHistory: true,
        });
        const osaka = history.facts.find((f) => f.object === 'Osaka');
        expect(osaka?.validTo).toBeInstanceOf(Date);
        expect(history.context).toMatch(/Osaka \(2026-01-01 to 2026-05-01, no longer true\)/);
      });

      it('walks more hops when asked', async () => {
        const one = await memory.recall({
          userId: 'sasako',
          query: 'Tell me about Polar bear',
          hops: 1,
          limit: 20,
        });
        expect(one.facts.map((f) => f.object)).not.toContain('Norway');
        const two = await memory.recall({
          userId: 'sasako',
          query: 'Tell me about Polar bear',
          hops: 2,
          limit: 20,
        });
        const norway = two.facts.find((f) => f.object === 'Norway');
        expect(norway?.hops).toBe(2);
      });

      it('respects the limit and the context budget', async () => {
        const result = await memory.recall({ userId: 'sasako', query: 'me', limit: 2, maxChars: 60 });
        expect(result.facts.length).toBeLessThanOrEqual(2);
        expect(result.context.length).toBeLessThanOrEqual(60);
        const full = await memory.recall({ userId: 'sasako', query: 'Polar bear', limit: 50 });
        expect(full.context.length).toBeLessThanOrEqual(900);
        expect(full.facts.length).toBeGreaterThan(2);
      });

      it('remembers and recalls turns of any words: a very long one, and words that name object properties', async () => {
        const words = Array.from({ length: 1500 }, (_, i) => `word${i.toString(36)}`);
        const long = await memory.remember({
          userId: 'longtext',
          messages: [{ role: 'user', content: `I live in Oslo. ${words.join(' ')}` }],
        });
        expect(long.status).toBe('extracted');
        const odd = await memory.remember({
          userId: 'longtext',
          messages: [
            {
              role: 'user',
              content: 'My friend the constructor builds a building; __proto__ valueOf toString.',
            },
          ],
        });
        expect(odd.status).toBe('extracted');
        const found = await memory.recall({
          userId: 'longtext',
          query: 'which constructor builds a building',
        });
        expect(found.episodes.map((e) => e.excerpt).join(' ')).toContain('constructor');
        const again = await memory.recall({ userId: 'longtext', query: words.slice(0, 240).join(' ') });
        expect(again.episodes.length).toBeGreaterThan(0);
      });

      it('finds an entity by its near spelling when the name is misspelt', async () => {
        const result = await memory.recall({ userId: 'sasako', query: 'svalbardd', hops: 1 });
        expect(result.entities[0]).toMatchObject({ name: 'Svalbard', via: 'name' });
        expect(result.facts.map((f) => f.statement)).toContain('Polar bear lives in Svalbard');
      });

      it('rejects bad requests with a clear error', async () => {
        for (const bad of [
          { userId: 'sasako', query: '' },
          { userId: '', query: 'x' },
          { userId: 'sasako', query: 'x', hops: 4 },
          { userId: 'sasako', query: 'x', limit: 0 },
          { userId: 'sasako', query: 'x', asOf: 'not a date' },
        ]) {
          await expect(memory.recall(bad)).rejects.toMatchObject({ name: 'InvalidInputError' });
        }
      });
    });

    describe('graph view', () => {
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

    describe('users and stats', () => {
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

    describe('name search', () => {
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
      it('refuses a second memory on the store with another model of the same dimension', async () => {
        await memory.addTriples('alice', [{ subject: 'Polar bear', predicate: 'likes', object: 'pizza' }]);
        const hashing = new HashingEmbeddings({ dimension: 64 });
        const other = {
          model: 'another-model',
          embedDocuments: (texts: string[]) => hashing.embedDocuments(texts),
          embedQuery: (text: string) => hashing.embedQuery(text),
        };
        await expect(
          createMemory({ store, embeddings: other, embeddingDimension: 64 }),
        ).rejects.toMatchObject({
          name: 'EmbedderMismatchError',
          message: expect.stringMatching(/hashing:kgmem-hashing-v2 \(64 dimensions\).*another-model/s),
        });
      });
    });

    describe('similar entities', () => {
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
  });
}

/** Every order of a list. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}
