import { describe, expect, it } from 'vitest';
import { thirdPersonVerb } from '../../src/extract/rule-table-verb-name.js';
import { readSentence } from '../helpers/read-sentence.js';

const read = (sentence: string): string[] => readSentence(sentence);

describe('a habit with someone or something named, by any verb (rule-table-verb-name.ts)', () => {
  it.each([
    ['I bank with Monzo.', ['user|banks_with|Monzo']],
    ['I rent from Greenway Lettings.', ['user|rents_from|Greenway Lettings']],
    ['I always shop at Aldi.', ['user|shops_at|Aldi']],
    ['I listen to Radiohead.', ['user|listens_to|Radiohead']],
    ['I belong to the Rotary Club.', ['user|belongs_to|Rotary Club']],
    ['I bank with Bank of America.', ['user|banks_with|Bank of America']],
    // A phrasal verb keeps its particle.
    ['I work out at PureGym.', ['user|works_out_at|PureGym']],
  ])('"%s" → %j', (sentence, expected) => {
    expect(read(sentence)).toEqual(expected);
  });

  it.each([
    // Agreeing, talking, being: no habit of the user's with the one named.
    ['I agree with Maya.'],
    // A common noun says too little to keep; a past verb says what was done once.
    ['I work with children.'],
    ['I talked to Ana.'],
  ])('"%s" keeps nothing', (sentence) => {
    expect(read(sentence)).toEqual([]);
  });

  it('leaves what an earlier rule reads to it (guard)', () => {
    expect(read('I go to Harvard.')).toEqual(['user|goes_to|Harvard']);
    expect(read('I volunteer for Oxfam.')).toEqual(['user|volunteers_at|Oxfam']);
  });

  it.each([
    ['bank', 'banks'],
    ['teach', 'teaches'],
    ['study', 'studies'],
    ['go', 'goes'],
    ['play', 'plays'],
  ])('says "%s" of the user as "%s"', (verb, said) => {
    expect(thirdPersonVerb(verb)).toBe(said);
  });
});
