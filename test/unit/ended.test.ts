import { describe, expect, it } from 'vitest';
import { endedReading, endOnTimeline, isEnded } from '../../src/memory/ended.js';
import { DEFAULT_FUNCTIONAL_PREDICATES } from '../../src/memory/options.js';
import { placeOnTimeline, type TimelineFact } from '../../src/memory/temporal.js';

const day = (d: string) => new Date(`2026-${d}T00:00:00Z`);
const fact = (
  uid: string,
  value: string,
  from: string,
  to: string | null,
  by: string | null = null,
): TimelineFact => ({
  uid,
  value,
  validFrom: day(from),
  validTo: to ? day(to) : null,
  invalidatedBy: to ? 'e' : null,
  supersededBy: by,
  source: 'e',
  observations: [{ at: day(from), source: 'e' }],
});
const functional = new Set(DEFAULT_FUNCTIONAL_PREDICATES);

describe('the functional predicate a past-tense one says is over', () => {
  it.each([
    ['worked_at', 'works_at'],
    ['lived_in', 'lives_in'],
    ['used_to_live_in', 'lives_in'],
    ['used_to_work_as', 'works_as'],
    ['worked_as', 'works_as'],
    ['previously_worked_at', 'works_at'],
    ['was_married_to', 'is_married_to'],
    ['works_at', undefined],
    ['visited', undefined],
    ['went_to', undefined],
    ['liked', undefined],
  ])('%s → %s', (key, present) => {
    expect(endedReading(key, functional)).toBe(present);
  });
});

describe('ending a value on its timeline', () => {
  let n = 0;
  const newUid = () => `new${++n}`;

  it('closes the fact holding the value then, and touches no other value', () => {
    const facts = [fact('a', 'Acme', '01-01', null), fact('b', 'Loop', '01-01', null)];
    expect(endOnTimeline(facts, 'Acme', day('02-01'), 'e2', newUid)).toEqual({
      kind: 'close',
      uid: 'a',
      close: { validTo: day('02-01'), invalidatedBy: 'e2', supersededBy: null },
    });
  });

  it('keeps a value said again after the time it is said to be over, and one already over then', () => {
    const again = { ...fact('a', 'Acme', '01-01', null), observations: [{ at: day('03-01'), source: 'e3' }] };
    expect(endOnTimeline([again], 'Acme', day('02-01'), 'e2', newUid)).toEqual({ kind: 'keep', uid: 'a' });
    const over = fact('a', 'Acme', '02-01', '02-01');
    expect(endOnTimeline([over], 'Acme', day('02-01'), 'e2', newUid)).toEqual({ kind: 'keep', uid: 'a' });
  });

  it('makes a new fact over when said, closed by nothing, while another value holds', () => {
    const ending = endOnTimeline([fact('b', 'Porto', '01-01', null)], 'Lisbon', day('02-01'), 'e2', newUid);
    expect(ending.kind).toBe('insert');
    if (ending.kind !== 'insert') return;
    expect(ending.fact).toMatchObject({ value: 'Lisbon', validFrom: day('02-01'), validTo: day('02-01') });
    expect(isEnded(ending.fact)).toBe(true);
    // A retracted value (closed by the one that replaced it) is not one said as over.
    expect(isEnded(fact('r', 'Paris', '01-01', '01-01', 'x'))).toBe(false);
  });

  it('is no later value another value placed before it ends at; the same value moves its start back', () => {
    const over = fact('a', 'Google', '03-01', '03-01');
    expect(placeOnTimeline([over], 'Loop', day('01-01'), 'e0', newUid)).toMatchObject({
      kind: 'insert',
      close: null,
    });
    expect(placeOnTimeline([over], 'Google', day('01-01'), 'e0', newUid)).toEqual({
      kind: 'confirm',
      uid: 'a',
      changes: [{ uid: 'a', validFrom: day('01-01') }],
    });
  });
});
