import { describe, expect, it } from 'vitest';
import { matchName, rankNames } from '../../src/store/name-search.js';

const films = [
  { uid: 'inception', names: ['Inception'], mentions: 40 },
  { uid: 'interstellar', names: ['Interstellar'], mentions: 30 },
  { uid: 'nolan', names: ['Christopher Nolan', 'chris nolan'], mentions: 25 },
  { uid: 'incendies', names: ['Incendies'], mentions: 2 },
  { uid: 'turin', names: ['The Turin Horse'], mentions: 1 },
];

describe('name search as it is typed', () => {
  it('ranks exact, then prefix, then word starts, then near spellings', () => {
    expect(matchName(['inception'], 'Inception')).toEqual({ kind: 'exact', score: 1 });
    expect(matchName(['incep'], 'Inception')?.kind).toBe('prefix');
    expect(matchName(['nolan'], 'Christopher Nolan')?.kind).toBe('word');
    expect(matchName(['insep'], 'Inception')?.kind).toBe('fuzzy');
    expect(matchName(['inseption'], 'Inception')?.kind).toBe('fuzzy');
    expect(matchName(['nolen'], 'Christopher Nolan')?.kind).toBe('fuzzy');
    // Short words need their letters: no fuzzy match below four letters.
    expect(matchName(['inx'], 'Inception')).toBeUndefined();
    expect(matchName(['zzzzzz'], 'Inception')).toBeUndefined();
  });

  it('orders matches by score, then mentions, over names and aliases', () => {
    expect(rankNames('inc', films, 10).map((m) => m.uid)).toEqual(['inception', 'incendies']);
    expect(rankNames('nolan', films, 10)).toEqual([
      { uid: 'nolan', score: 0.8, kind: 'word', matched: 'Christopher Nolan' },
    ]);
    expect(rankNames('chris nol', films, 10)[0]).toMatchObject({
      uid: 'nolan',
      kind: 'prefix',
      matched: 'chris nolan',
    });
    expect(rankNames('turin', films, 10).map((m) => m.uid)).toEqual(['turin']);
    expect(rankNames('Intersteller', films, 10)[0]).toMatchObject({ uid: 'interstellar', kind: 'fuzzy' });
    expect(rankNames('inc', films, 1)).toHaveLength(1);
    expect(rankNames('  ', films, 10)).toEqual([]);
  });
});
