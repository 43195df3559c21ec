import { describe, expect, it } from 'vitest';
import {
  adverbNoun,
  asksForOccupation,
  asksForOrganization,
  definitionGenera,
  headWord,
  namesCondition,
  namesKindOf,
  namesPlace,
  usualNounSenses,
} from '../../src/lexicon/kinds.js';

describe('kind words: what kind of thing a question word asks for (WordNet)', () => {
  it.each(['job', 'occupation', 'profession', 'career'])('"%s" asks for an occupation', (word) => {
    expect(asksForOccupation(word)).toBe(true);
  });

  it.each(['sport', 'instrument', 'city', 'food', 'employer', 'living'])('"%s" does not', (word) => {
    // "sport" is an occupation only in its second sense (athletes who compete for pay).
    expect(asksForOccupation(word)).toBe(false);
  });

  it('reads as usual each sense the tagged texts use as often as the first: a trade is commerce and an occupation', () => {
    expect(usualNounSenses('trade')).toBe(2);
    expect(asksForOccupation('trade', usualNounSenses('trade'))).toBe(true);
    // A later sense used less often stays a rarer reading: the athletes' occupation, the firm's work.
    expect(usualNounSenses('sport')).toBe(1);
    expect(asksForOccupation('sport', usualNounSenses('sport'))).toBe(false);
    expect(usualNounSenses('business')).toBe(1);
    // A word the tagged texts never used, or no noun at all, keeps its first sense.
    expect(usualNounSenses('zorvanek')).toBe(1);
  });

  it('reads the noun an adverb pertains to through its adjective, and none for a describing one', () => {
    expect(adverbNoun('professionally')).toBe('profession');
    expect(adverbNoun('medically')).toBe('medicine');
    expect(adverbNoun('recently')).toBeUndefined();
    expect(adverbNoun('cello')).toBeUndefined();
  });

  it('reads organizations from the most frequent sense: a company or firm is one, a friend is not', () => {
    expect(asksForOrganization('company')).toBe(true);
    expect(asksForOrganization('firm')).toBe(true);
    expect(asksForOrganization('friend')).toBe(false);
    expect(asksForOrganization('city')).toBe(false);
  });

  it('follows kinds upward through every level, and takes any of several concepts', () => {
    expect(namesKindOf('cello', 'musical_instrument')).toBe(true);
    expect(namesKindOf('cello', 'food', 'musical_instrument')).toBe(true);
    expect(namesKindOf('cello', 'food')).toBe(false);
  });
});

describe('kind words: the head of a phrase, places and health conditions (WordNet)', () => {
  it.each([
    ['a village near Porto', 'village'],
    ['type 1 diabetes', 'diabetes'],
    ['pain in my back', 'pain'],
    ['the Countryside', 'countryside'],
    ['', ''],
  ])('the head of %j is %j', (phrase, head) => {
    expect(headWord(phrase)).toBe(head);
  });

  it.each([
    ['the countryside', true],
    ['a village near Porto', true],
    ['a small island', true],
    ['work', false],
    ['a big family', false],
  ])('%j names a place: %s', (phrase, expected) => {
    expect(namesPlace(phrase)).toBe(expected);
  });

  it.each([
    ['type 1 diabetes', true],
    ['asthma', true],
    ['a migraine', true],
    ['two cats', false],
    ['a new job', false],
  ])('%j names a health condition: %s', (phrase, expected) => {
    expect(namesCondition(phrase)).toBe(expected);
  });
});

describe('kind words: the kinds a definition names first (WordNet glosses)', () => {
  it.each([
    // "the art or sport of fighting with swords": each kind joined by "or".
    ['fencing', ['art', 'sport']],
    // "a game played with rackets …": the first noun, not the participle after it.
    ['tennis', ['game']],
    // "a large stringed instrument …": describing words passed over.
    ['cello', ['instrument']],
  ])('%s is defined as %j (among its senses)', (word, kinds) => {
    expect(definitionGenera(word)).toEqual(expect.arrayContaining(kinds));
  });

  it('reads no describing word nor function word as a kind, and nothing for a word WordNet lacks', () => {
    expect(definitionGenera('cello')).not.toContain('large');
    expect(definitionGenera('jazz')).not.toContain('or');
    expect(definitionGenera('pickleball')).toEqual([]);
  });
});
