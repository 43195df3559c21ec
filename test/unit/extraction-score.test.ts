import { describe, expect, it } from 'vitest';
import type { GoldConversation } from '../../bench/extraction-gold.js';
import { matches, sameName, scoreConversation } from '../../bench/extraction-score.js';

describe('the extraction benchmark’s lenient matching', () => {
  it.each([
    ['Biscuit', 'biscuit', true],
    ['3', 'three', true],
    ['12', 'twelve', true],
    ['3', 'thirteen', false],
    ['Honda Civic', '2015 Honda Civic', true],
    ['Honda Civic', 'my old 2015 Honda Civic', false],
    ['mother', 'mum', true],
    ['user', 'I', true],
    ['Porto', 'Lisbon', false],
  ] as const)('gold %s and stored %s: %s', (gold, stored, same) => {
    expect(sameName(gold, stored)).toBe(same);
  });

  it('reads predicate synonyms and X_of backwards, and refuses another relation', () => {
    const stored = (subject: string, predicate: string, object: string) => ({
      subject,
      predicate,
      object,
      current: true,
    });
    expect(matches(['Biscuit', 'age', '3'], stored('Biscuit', 'years_old', 'three'))).toBe(true);
    expect(matches(['user', 'sister', 'Ana'], stored('Ana', 'sister_of', 'user'))).toBe(true);
    expect(matches(['user', 'lives_in', 'Porto'], stored('user', 'works_at', 'Porto'))).toBe(false);
  });

  it('scores a conversation: precision, recall, closed facts, stale and forbidden ones', () => {
    const gold: GoldConversation = {
      id: 'c',
      categories: ['move'],
      turns: ['I live in Dublin.', 'Moved. Cork now.'],
      current: [
        ['user', 'lives_in', 'Cork'],
        ['user', 'works_at', 'Stripe'],
      ],
      closed: [['user', 'lives_in', 'Dublin']],
      forbidden: [['user', 'lives_in', 'Austin']],
    };
    const score = scoreConversation(gold, [
      { subject: 'User', predicate: 'lives_in', object: 'Cork', current: true },
      { subject: 'User', predicate: 'lives_in', object: 'Dublin', current: true },
      { subject: 'User', predicate: 'lives_in', object: 'Austin', current: true },
      { subject: 'User', predicate: 'works_as', object: 'None', current: false },
    ]);
    expect(score).toMatchObject({
      currentFound: 1,
      currentGold: 2,
      storedRight: 1,
      storedCurrent: 3,
      closedFound: 0,
      closedGold: 1,
      staleCurrent: 1,
      forbidden: 2,
    });
  });
});
