import { describe, expect, it } from 'vitest';
import { byScore, byScoreThenEvidence, type TieEvidence } from '../../src/retrieve/order.js';

describe('the order of ranked results', () => {
  const evidence: Record<string, TieEvidence> = {
    a: { signals: 1, mentions: 1, at: 1 },
    b: { signals: 2, mentions: 1, at: 1 },
    c: { signals: 1, mentions: 3, at: 1 },
    d: { signals: 1, mentions: 1, at: 5 },
  };
  const rank = (items: { uid: string; score: number }[]) =>
    [...items].sort(byScoreThenEvidence((uid) => evidence[uid])).map((i) => i.uid);

  it('puts the higher score first, whatever the evidence', () => {
    expect(
      rank([
        { uid: 'b', score: 0.2 },
        { uid: 'a', score: 0.3 },
      ]),
    ).toEqual(['a', 'b']);
  });

  it('breaks a tie by more signals, then more mentions, then the newer, never first by uid', () => {
    const tied = ['a', 'b', 'c', 'd'].map((uid) => ({ uid, score: 0.2 }));
    expect(rank(tied)).toEqual(['b', 'c', 'd', 'a']);
    // The plain order falls to uids.
    expect([...tied].sort(byScore).map((i) => i.uid)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reads closeness to the question after the signals and before the mentions, when it is given', () => {
    const near: Record<string, TieEvidence> = {
      far: { signals: 1, closeness: 0.05, mentions: 4, at: 9 },
      near: { signals: 1, closeness: 0.3, mentions: 1, at: 1 },
      sure: { signals: 2, closeness: -0.2, mentions: 1, at: 1 },
    };
    const tied = ['far', 'near', 'sure'].map((uid) => ({ uid, score: 0.1 }));
    expect([...tied].sort(byScoreThenEvidence((uid) => near[uid])).map((i) => i.uid)).toEqual([
      'sure',
      'near',
      'far',
    ]);
  });

  it('falls back to uid order only when nothing tells two candidates apart', () => {
    expect(
      rank([
        { uid: 'z', score: 0.5 },
        { uid: 'y', score: 0.5 },
      ]),
    ).toEqual(['y', 'z']);
  });
});
