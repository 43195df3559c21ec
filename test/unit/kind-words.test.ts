import { describe, expect, it } from 'vitest';
import { asksForOccupation, asksForOrganization, namesKindOf } from '../../src/lexicon/kinds.js';

describe('kind words: what kind of thing a question word asks for (WordNet)', () => {
  it.each(['job', 'occupation', 'profession', 'career'])('"%s" asks for an occupation', (word) => {
    expect(asksForOccupation(word)).toBe(true);
  });

  it.each(['sport', 'instrument', 'city', 'food', 'employer', 'living'])('"%s" does not', (word) => {
    // "sport" is an occupation only in its second sense (athletes who compete for pay).
    expect(asksForOccupation(word)).toBe(false);
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
