import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/model/normalize.js';
import type { RecalledFact } from '../../src/model/types.js';
import { formatContext } from '../../src/retrieve/context.js';
import { RelationMatcher } from '../../src/retrieve/relations.js';
import { stem } from '../../src/retrieve/text.js';

describe('stemming', () => {
  it.each([
    ['directed', 'director'],
    ['directs', 'directed'],
    ['actors', 'actor'],
    ['starred', 'star'],
    ['years', 'year'],
    ['release', 'released'],
    ['written', 'writer'],
    ['wrote', 'screenwriter'],
    ['live', 'lives'],
    ['living', 'lived'],
    ['genres', 'genre'],
    ['languages', 'language'],
  ])('%s and %s share a stem', (a, b) => {
    expect(stem(a)).toBe(stem(b));
  });

  it('keeps different words apart', () => {
    expect(stem('actor')).not.toBe(stem('action'));
    expect(stem('year')).not.toBe(stem('yes'));
  });
});

describe('relation matching', () => {
  const vocabulary = ['directed_by', 'starred_actors', 'release_year', 'written_by', 'has_genre', 'likes'];

  it('finds the relations a question names, outside the names it mentions', () => {
    const relations = new RelationMatcher(
      tokenize('which movies did Christopher Nolan direct?'),
      [],
      vocabulary,
    );
    expect(relations.relevantKeys).toEqual(['directed_by']);
    expect([...relations.matched('directed_by')]).toEqual(['direct']);
    expect(relations.matched('starred_actors').size).toBe(0);
    const years = new RelationMatcher(
      tokenize('what were the release years of the films written by Patrice Chéreau'),
      ['patrice', 'chéreau'],
      vocabulary,
    );
    expect([...years.relevantKeys].sort()).toEqual(['release_year', 'written_by']);
    expect(years.target.size).toBe(3);
  });

  it('leaves words of linked names out of the relation words', () => {
    const relations = new RelationMatcher(tokenize('what does Year Zero like'), ['year', 'zero'], vocabulary);
    expect(relations.relevantKeys).toEqual(['likes']);
    expect(relations.isRelationWord('year')).toBe(false);
  });
});

describe('context block', () => {
  const fact = (statement: string, validTo: Date | null = null): RecalledFact => ({
    uid: statement,
    subject: 's',
    subjectUid: 's',
    predicate: 'p',
    object: 'o',
    objectUid: 'o',
    statement,
    score: 1,
    validFrom: new Date('2026-01-01T00:00:00Z'),
    validTo,
    episodeIds: [],
    hops: 1,
  });

  it('lists facts best first within the budget', () => {
    const facts = Array.from({ length: 100 }, (_, i) => fact(`Fact number ${i} is quite a long statement`));
    const text = formatContext(facts, { maxChars: 900 });
    expect(text.length).toBeLessThanOrEqual(900);
    expect(text.startsWith('Relevant facts from memory:\n- Fact number 0 ')).toBe(true);
    expect(formatContext([], { maxChars: 900 })).toBe('');
    expect(formatContext(facts, { maxChars: 10 })).toBe('');
  });

  it('says when a historical fact stopped being true', () => {
    const text = formatContext([fact('User lives in Paris', new Date('2026-06-01T00:00:00Z'))], {
      maxChars: 900,
      includeHistory: true,
    });
    expect(text).toContain('User lives in Paris (2026-01-01 to 2026-06-01, no longer true)');
  });
});
