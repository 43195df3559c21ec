import { describe, expect, it } from 'vitest';
import { ConceptReader } from '../../src/lexicon/concepts.js';
import { irregularBaseOf } from '../../src/lexicon/exceptions.js';
import { WordNet } from '../../src/lexicon/wordnet.js';

describe('WordNet exception lists (irregular inflections)', () => {
  const wordnet = new WordNet();

  it('gives the base of an irregular form in its part of speech, and nothing for a regular word', () => {
    expect(irregularBaseOf('children', 'noun')).toBe('child');
    expect(irregularBaseOf('mice', 'noun')).toBe('mouse');
    expect(irregularBaseOf('bought', 'verb')).toBe('buy');
    expect(irregularBaseOf('better', 'adj')).toBe('good');
    expect(irregularBaseOf('cities', 'noun')).toBeUndefined();
    expect(irregularBaseOf('bought', 'noun')).toBeUndefined();
    // Not an inherited property of the list object.
    expect(irregularBaseOf('constructor', 'noun')).toBeUndefined();
  });

  it('finds lemmas and senses of irregular forms, as morphy does, unless asked not to', () => {
    expect(wordnet.lemmas('children', 'noun')).toContain('child');
    expect(wordnet.lemmas('went', 'verb')).toContain('go');
    expect(wordnet.lemmas('children', 'noun', false)).toEqual([]);
    const bought = wordnet.synsetsOfWord('bought', 1);
    expect(bought.length).toBeGreaterThan(0);
    expect(bought).toEqual(expect.arrayContaining(wordnet.synsetsOfWord('buy', 1)));
    expect(wordnet.synsetsOfWord('mice', 1, false, false)).toEqual([]);
  });

  it('gives a turn naming an irregular plural the concepts of its singular', () => {
    const reader = new ConceptReader(wordnet);
    const children = reader.conceptsOf('The children played outside');
    expect(children).toEqual(expect.arrayContaining([...reader.ancestors('child')]));
    expect(children).toContain('person');
  });
});
