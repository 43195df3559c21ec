import { describe, expect, it } from 'vitest';
import {
  applyPlacement,
  contradictionRules,
  oppositesOf,
  placeOnTimeline,
  type TimelineFact,
} from '../../src/memory/temporal.js';

const day = (d: string) => new Date(`2026-${d}T00:00:00Z`);

/** Writes values in the given order and returns the timeline as `value [from, to) closedBy`. */
function timeline(writes: readonly (readonly [value: string, at: string, source: string])[]): string[] {
  const facts: TimelineFact[] = [];
  let n = 0;
  for (const [value, at, source] of writes) {
    const placement = placeOnTimeline(facts, value, day(at), source, () => `f${++n}`);
    applyPlacement(facts, placement, { value, at: day(at), source });
  }
  return [...facts]
    .sort(
      (a, b) =>
        a.validFrom.getTime() - b.validFrom.getTime() ||
        (a.validTo?.getTime() ?? Infinity) - (b.validTo?.getTime() ?? Infinity),
    )
    .map(
      (f) =>
        `${f.value} [${f.validFrom.toISOString().slice(5, 10)}, ${f.validTo ? f.validTo.toISOString().slice(5, 10) : 'now'}) ${f.invalidatedBy ?? '-'} ×${f.observations.length}`,
    );
}

/** Every order of a list. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('temporal rules', () => {
  it.each([
    {
      name: 'in order: the new value closes the old one',
      writes: [
        ['Paris', '01-01', 'e1'],
        ['Rome', '03-01', 'e2'],
      ],
      expected: ['Paris [01-01, 03-01) e2 ×1', 'Rome [03-01, now) - ×1'],
    },
    {
      name: 'out of order: an older value is stored already closed by the newer one',
      writes: [
        ['Rome', '03-01', 'e2'],
        ['Paris', '01-01', 'e1'],
      ],
      expected: ['Paris [01-01, 03-01) e2 ×1', 'Rome [03-01, now) - ×1'],
    },
    {
      name: 'same instant: the later write wins',
      writes: [
        ['Paris', '01-01', 'e1'],
        ['Rome', '01-01', 'e2'],
      ],
      expected: ['Paris [01-01, 01-01) e2 ×1', 'Rome [01-01, now) - ×1'],
    },
    {
      name: 'a value between two others cuts the earlier one and ends at the later one',
      writes: [
        ['Paris', '01-01', 'e1'],
        ['Rome', '05-01', 'e3'],
        ['Berlin', '03-01', 'e2'],
      ],
      expected: ['Paris [01-01, 03-01) e2 ×1', 'Berlin [03-01, 05-01) e3 ×1', 'Rome [05-01, now) - ×1'],
    },
    {
      name: 're-extracting an old turn confirms instead of closing the newer fact',
      writes: [
        ['Paris', '01-01', 'e1'],
        ['Rome', '03-01', 'e2'],
        ['Paris', '01-01', 'e1'],
      ],
      expected: ['Paris [01-01, 03-01) e2 ×2', 'Rome [03-01, now) - ×1'],
    },
    {
      name: 'a value said earlier than known moves its start',
      writes: [
        ['Rome', '03-01', 'e2'],
        ['Rome', '01-01', 'e1'],
      ],
      expected: ['Rome [01-01, now) - ×2'],
    },
    {
      name: 'the same value said later is a mention, not a new fact',
      writes: [
        ['Rome', '01-01', 'e1'],
        ['Rome', '03-01', 'e2'],
      ],
      expected: ['Rome [01-01, now) - ×2'],
    },
    {
      name: 'the order of three writes does not change the history',
      writes: [
        ['Berlin', '03-01', 'e2'],
        ['Rome', '05-01', 'e3'],
        ['Paris', '01-01', 'e1'],
      ],
      expected: ['Paris [01-01, 03-01) e2 ×1', 'Berlin [03-01, 05-01) e3 ×1', 'Rome [05-01, now) - ×1'],
    },
  ] as const)('$name', ({ writes, expected }) => {
    expect(timeline(writes)).toEqual(expected);
  });

  it('splits an interval when a value recurs: Lisbon, Oslo, Lisbon again, in all six orders', () => {
    const writes = [
      ['Lisbon', '01-01', 'jan'],
      ['Oslo', '03-01', 'mar'],
      ['Lisbon', '06-01', 'jun'],
    ] as const;
    const expected = [
      'Lisbon [01-01, 03-01) mar ×1',
      'Oslo [03-01, 06-01) jun ×1',
      'Lisbon [06-01, now) - ×1',
    ];
    const orders = permutations(writes);
    expect(orders).toHaveLength(6);
    for (const order of orders) expect(timeline(order), order.map((w) => w[2]).join(',')).toEqual(expected);
  });

  it('keeps one history for a value recurring three times, in all 120 orders of five writes', () => {
    const writes = [
      ['Lisbon', '01-01', 'w1'],
      ['Oslo', '03-01', 'w2'],
      ['Lisbon', '05-01', 'w3'],
      ['Oslo', '07-01', 'w4'],
      ['Lisbon', '09-01', 'w5'],
    ] as const;
    const inOrder = timeline(writes);
    expect(inOrder).toEqual([
      'Lisbon [01-01, 03-01) w2 ×1',
      'Oslo [03-01, 05-01) w3 ×1',
      'Lisbon [05-01, 07-01) w4 ×1',
      'Oslo [07-01, 09-01) w5 ×1',
      'Lisbon [09-01, now) - ×1',
    ]);
    for (const order of permutations(writes))
      expect(timeline(order), order.map((w) => w[2]).join(',')).toEqual(inOrder);
  });

  it('keeps repeated observations with their fact and splits them where another value lands', () => {
    const writes = [
      ['Lisbon', '01-01', 'a'],
      ['Lisbon', '02-01', 'b'],
      ['Lisbon', '05-01', 'c'],
      ['Lisbon', '06-01', 'd'],
      ['Oslo', '03-01', 'e'],
    ] as const;
    const expected = ['Lisbon [01-01, 03-01) e ×2', 'Oslo [03-01, 05-01) c ×1', 'Lisbon [05-01, now) - ×2'];
    for (const order of permutations(writes))
      expect(timeline(order), order.map((w) => w[2]).join(',')).toEqual(expected);
  });

  it('knows opposite and negated predicates both ways', () => {
    const rules = contradictionRules(['lives_in'], [['likes', 'dislikes']]);
    expect(oppositesOf('likes', rules).sort()).toEqual(['dislikes', 'not_likes']);
    expect(oppositesOf('dislikes', rules).sort()).toEqual(['likes', 'not_dislikes']);
    expect(oppositesOf('not_lives_in', rules)).toEqual(['lives_in']);
  });
});
