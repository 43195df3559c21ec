import { describe, expect, it } from 'vitest';
import { WriteKeyedCache } from '../../src/store/neo4j/write-keyed-cache.js';

describe('WriteKeyedCache: what a store keeps of a user until the user is written', () => {
  it('gives the value back only at the write count it was read at', () => {
    const cache = new WriteKeyedCache<string>(10);
    cache.set('ana', 3, 'read at 3');
    expect(cache.get('ana', 3)).toBe('read at 3');
    expect(cache.get('ana', 4)).toBeUndefined();
    expect(cache.get('ana', null)).toBeUndefined();
    expect(cache.get('ben', 3)).toBeUndefined();
  });

  it('keeps nothing for a user without a write count (written before counts were kept)', () => {
    const cache = new WriteKeyedCache<number>(10);
    cache.set('old', null, 7);
    expect(cache.get('old', null)).toBeUndefined();
    expect(cache.get('old', 0)).toBeUndefined();
  });

  it('forgets one user, or every user', () => {
    const cache = new WriteKeyedCache<number>(10);
    cache.set('ana', 1, 10);
    cache.set('ben', 1, 20);
    cache.forget('ana');
    expect([cache.get('ana', 1), cache.get('ben', 1)]).toEqual([undefined, 20]);
    cache.forget();
    expect(cache.get('ben', 1)).toBeUndefined();
  });

  it('holds at most its number of users, dropping the one read longest ago', () => {
    const cache = new WriteKeyedCache<number>(2);
    cache.set('ana', 1, 1);
    cache.set('ben', 1, 2);
    cache.set('ana', 2, 3); // read again: now the newest
    cache.set('cy', 1, 4);
    expect([cache.get('ana', 2), cache.get('ben', 1), cache.get('cy', 1)]).toEqual([3, undefined, 4]);
  });
});
