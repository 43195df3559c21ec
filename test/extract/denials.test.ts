import { describe, expect, it } from 'vitest';
import { takeDenials } from '../../src/extract/denials.js';
import { groundingWords } from '../../src/extract/local-output.js';
import { modelFact } from '../helpers/fact.js';

const f = modelFact;
const known = [
  { uid: 'stripe', statement: 'User works at Stripe' },
  { uid: 'civic', statement: 'User owns Honda Civic' },
  { uid: 'luna', statement: "User's cat is Luna" },
  { uid: 'ana-sushi', statement: 'Ana likes sushi' },
];

describe('relations a model wrote as denials', () => {
  it.each([
    // [the model's fact, the turn, the known facts it closes; the fact is kept in not_ form]
    [
      'a denied relation closes the fact it denies',
      f('User', 'not_works_at', 'Stripe'),
      'Left Stripe.',
      ['stripe'],
    ],
    ['"no longer" is a denial', f('user', 'no_longer_owns', 'Civic'), 'Sold the Civic.', ['civic']],
    ["a contraction's denial too", f('Ana', "doesn't_like", 'sushi'), 'Ana went off sushi.', ['ana-sushi']],
    ['a relation of the known fact said as a noun', f('User', 'not_cat', 'Luna'), 'Luna is gone.', ['luna']],
    [
      'another subject denies nothing of the user',
      f('Tom', 'not_works_at', 'Stripe'),
      'Tom left Stripe.',
      [],
    ],
    [
      'a name the turn does not say closes nothing',
      f('User', 'not_works_at', 'Stripe'),
      'I changed jobs.',
      [],
    ],
    [
      'a denial of nothing known closes nothing',
      f('User', 'not_speaks', 'French'),
      "I don't speak French.",
      [],
    ],
  ])('%s', (_, fact, turn, closed) => {
    const out = takeDenials([fact], known, groundingWords(turn));
    const relation = fact.predicate.replace(/^(?:not|no_longer|doesn't)_/, '');
    expect(out.facts).toEqual([{ ...fact, predicate: `not_${relation.replace("'", '')}` }]);
    expect(out.denied).toEqual(closed);
  });

  it('leaves out a relation that is only a denial word, closing nothing', () => {
    expect(takeDenials([f('User', 'not', 'Stripe')], known, groundingWords('Not Stripe.'))).toEqual({
      facts: [],
      denied: [],
    });
  });

  it.each([
    ['a relation that starts with "no" as a word of its own', f('User', 'notes', 'Obsidian')],
    ['an ordinary relation', f('User', 'works_at', 'Stripe')],
  ])('keeps %s as a fact', (_, fact) => {
    expect(takeDenials([fact], known, groundingWords('I use Obsidian notes at Stripe.'))).toEqual({
      facts: [fact],
      denied: [],
    });
  });
});
