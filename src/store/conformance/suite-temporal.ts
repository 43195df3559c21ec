import { describe, expect, it } from 'vitest';
import type { Memory } from '../../memory/memory.js';
import type { GraphStore } from '../../store/base.js';
import { memoryPerTest } from './fresh-memory.js';
import type { StoreInitializer } from './types.js';

/** The temporal rules: whatever order facts arrive in, the same history. */
export function registerTemporalCases(init: StoreInitializer): void {
  describe('temporal rules', () => {
    let store: GraphStore;
    let memory: Memory;
    memoryPerTest(init, (fresh) => ({ store, memory } = fresh));
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
        for (const [city, at, source] of writes) await memory.addTriples('tim', lives(city), { at, source });
        expect(await history('tim')).toEqual(expected);
      });
    }

    it('closes many facts in one write (more than the single-row statements take)', async () => {
      const people = Array.from({ length: 40 }, (_, i) => `Person ${i}`);
      const move = (city: string) => people.map((p) => ({ subject: p, predicate: 'lives_in', object: city }));
      await memory.addTriples('tim', move('Lisbon'), { at: '2026-01-01' });
      const moved = await memory.addTriples('tim', move('Oslo'), { at: '2026-02-01' });
      expect(moved).toMatchObject({ added: 40, invalidated: 40 });
      expect(new Set((await memory.facts('tim', { predicate: 'lives_in' })).map((f) => f.object))).toEqual(
        new Set(['Oslo']),
      );
      const closed = (await memory.facts('tim', { includeHistory: true })).filter((f) => f.validTo !== null);
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
      expect((await memory.facts('tim', { predicate: 'lives_in' })).map((f) => f.object)).toEqual(['Lisbon']);
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
}

/** Every order of a list. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}
