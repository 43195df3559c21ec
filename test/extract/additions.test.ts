import { describe, expect, it } from 'vitest';
import { notOnlyAdded } from '../../src/extract/additions.js';
import { modelFact } from '../helpers/fact.js';

const f = modelFact;
const known = [
  { uid: 'shellfish', statement: 'Ana is allergic to shellfish' },
  { uid: 'lisbon', statement: 'User lives in Lisbon' },
  { uid: 'jazz', statement: 'User likes jazz' },
];

describe('the known facts a model closes, less those a turn only adds to', () => {
  it.each([
    // [case, the model's contradicted uids, its new facts, the turn, the uids kept]
    [
      '"also" adds a value of the same relation: nothing of it closed',
      ['shellfish'],
      [f('Ana', 'is_allergic_to', 'peanuts')],
      'Ana is also allergic to peanuts.',
      [],
    ],
    ['"too" as well', ['jazz'], [f('user', 'likes', 'techno')], 'I like techno too.', []],
    [
      'a replacement without an additive word is the model’s to close',
      ['shellfish'],
      [f('Ana', 'is_allergic_to', 'peanuts')],
      'Turns out Ana is allergic to peanuts, not shellfish.',
      ['shellfish'],
    ],
    [
      'an added fact of another relation leaves the others closed',
      ['lisbon'],
      [f('user', 'likes', 'Porto')],
      'I also like Porto. We moved there.',
      ['lisbon'],
    ],
    [
      'another subject of the same relation leaves it closed',
      ['shellfish'],
      [f('Tom', 'is_allergic_to', 'peanuts')],
      'Tom is also allergic to peanuts.',
      ['shellfish'],
    ],
    [
      'the additive word in another sentence than the new fact’s',
      ['jazz'],
      [f('user', 'likes', 'techno')],
      "I don't like jazz anymore. I like techno. My sister does too.",
      ['jazz'],
    ],
  ])('%s', (_, contradicted, facts, turn, kept) => {
    expect(notOnlyAdded(contradicted, known, facts, turn)).toEqual(kept);
  });
});
