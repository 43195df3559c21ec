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
    const uid = `f${++n}`;
    const placement = placeOnTimeline(facts, value, day(at), source, uid);
    applyPlacement(facts, placement, { uid, value, source });
  }
  return [...facts]
    .sort((a, b) => a.validFrom.getTime() - b.validFrom.getTime() || a.uid.localeCompare(b.uid))
    .map(
      (f) =>
        `${f.value} [${f.validFrom.toISOString().slice(5, 10)}, ${f.validTo ? f.validTo.toISOString().slice(5, 10) : 'now'}) ${f.invalidatedBy ?? '-'}`,
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
      expected: ['Paris [01-01, 03-01) e2', 'Rome [03-01, now) -'],
    },
    {
      name: 'out of order: an older value is stored already closed by the newer one',
      writes: [
        ['Rome', '03-01', 'e2'],
        ['Paris', '01-01', 'e1'],
      ],
      expected: ['Paris [01-01, 03-01) e2', 'Rome [03-01, now) -'],
    },
    {
      name: 'same instant: the later write wins',
      writes: [
        ['Paris', '01-01', 'e1'],
        ['Rome', '01-01', 'e2'],
      ],
      expected: ['Paris [01-01, 01-01) e2', 'Rome [01-01, now) -'],
    },
    {
      name: 'a value between two others cuts the earlier one and ends at the later one',
      writes: [
        ['Paris', '01-01', 'e1'],
        ['Rome', '05-01', 'e3'],
        ['Berlin', '03-01', 'e2'],
      ],
      expected: ['Paris [01-01, 03-01) e2', 'Berlin [03-01, 05-01) e3', 'Rome [05-01, now) -'],
    },
    {
      name: 're-extracting an old turn confirms instead of closing the newer fact',
      writes: [
        ['Paris', '01-01', 'e1'],
        ['Rome', '03-01', 'e2'],
        ['Paris', '01-01', 'e1'],
      ],
      expected: ['Paris [01-01, 03-01) e2', 'Rome [03-01, now) -'],
    },
    {
      name: 'a value said earlier than known moves its start',
      writes: [
        ['Rome', '03-01', 'e2'],
        ['Rome', '01-01', 'e1'],
      ],
      expected: ['Rome [01-01, now) -'],
    },
    {
      name: 'the same value said later is a mention, not a new fact',
      writes: [
        ['Rome', '01-01', 'e1'],
        ['Rome', '03-01', 'e2'],
      ],
      expected: ['Rome [01-01, now) -'],
    },
    {
      name: 'the order of three writes does not change the history',
      writes: [
        ['Berlin', '03-01', 'e2'],
        ['Rome', '05-01', 'e3'],
        ['Paris', '01-01', 'e1'],
      ],
      expected: ['Paris [01-01, 03-01) e2', 'Berlin [03-01, 05-01) e3', 'Rome [05-01, now) -'],
    },
  ] as const)('$name', ({ writes, expected }) => {
    expect(timeline(writes)).toEqual(expected);
  });

  it('knows opposite and negated predicates both ways', () => {
    const rules = contradictionRules(['lives_in'], [['likes', 'dislikes']]);
    expect(oppositesOf('likes', rules).sort()).toEqual(['dislikes', 'not_likes']);
    expect(oppositesOf('dislikes', rules).sort()).toEqual(['likes', 'not_dislikes']);
    expect(oppositesOf('not_lives_in', rules)).toEqual(['lives_in']);
  });
});
