import { describe, expect, it } from 'vitest';
import { siblingKeys } from '../../src/lexicon/key-siblings.js';

describe('sibling keys: one relation the extractor writes by different verbs (WordNet)', () => {
  const vocabulary = [
    'likes',
    'loves',
    'hates',
    'plays',
    'works_at',
    'works_as',
    'married_to',
    'wife',
    'partner',
    'lives_in',
  ];

  it.each([
    ['likes', ['loves']],
    ['loves', ['likes']],
    ['married_to', ['wife', 'partner']],
    // Someone of the user's is no sibling of a relation to a thing ("partner" is also to work as one).
    // "work" and "play" share only a definition's word; `works_as` differs by a function word.
    ['works_at', []],
    ['plays', []],
    // An antonym is two links away at best: no sibling.
    ['hates', []],
  ])('%s: %j', (key, siblings) => {
    expect(siblingKeys(key, vocabulary)).toEqual(siblings);
  });
});
