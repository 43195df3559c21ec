import { describe, expect, it } from 'vitest';
import type { Fused } from '../../src/retrieve/fuse.js';
import { cutFarFromClosest } from '../../src/retrieve/similarity-gap.js';

const options = { similarityGap: 0.08, similarityGapCut: 0.3, similarityGapKeep: 0.5 };
const fused = (uid: string, score: number): Fused => ({ uid, score, signals: ['graph'], contributions: {} });

describe('the similarity-gap cut', () => {
  const ranking = [fused('physio', 0.6), fused('glasses', 0.5), fused('home', 0.55), fused('near', 0.4)];
  const closeness = new Map([
    ['physio', 0.2],
    ['glasses', 0.39],
    ['home', 0.25],
    ['near', 0.33],
  ]);
  const graphScores = new Map([
    ['physio', 0.39],
    ['glasses', 0.18],
    ['home', 0.6],
    ['near', 0.18],
  ]);
  const cases: {
    name: string;
    input: Parameters<typeof cutFarFromClosest>[1];
    scores: Record<string, number>;
  }[] = [
    {
      name: 'a fact far below the closest loses the cut; the closest, one within the gap and one the walk read keep theirs',
      input: { closeness, graphScores, options },
      scores: { physio: 0.42, glasses: 0.5, home: 0.55, near: 0.4 },
    },
    {
      name: 'no cosines (the offline embedder): nothing changes',
      input: { closeness: undefined, graphScores, options },
      scores: { physio: 0.6, glasses: 0.5, home: 0.55, near: 0.4 },
    },
    {
      name: 'a cut of 0: nothing changes',
      input: { closeness, graphScores, options: { ...options, similarityGapCut: 0 } },
      scores: { physio: 0.6, glasses: 0.5, home: 0.55, near: 0.4 },
    },
    {
      name: 'a keep above every graph score: the walk read no relation surely enough, so the far ones are all cut',
      input: { closeness, graphScores, options: { ...options, similarityGapKeep: 1 } },
      scores: { physio: 0.42, glasses: 0.5, home: 0.385, near: 0.4 },
    },
  ];
  for (const { name, input, scores } of cases)
    it(name, () => {
      const out = cutFarFromClosest(ranking, input);
      expect(Object.fromEntries(out.map((f) => [f.uid, Number(f.score.toFixed(3))]))).toEqual(scores);
      // A cut fact says what it lost under the cut's name (what `recall --explain` prints).
      for (const f of out) {
        const before = ranking.find((r) => r.uid === f.uid)?.score ?? 0;
        if (f.score < before) expect(f.contributions['similarity-gap']).toBeCloseTo(f.score - before, 9);
        else expect(f.contributions['similarity-gap']).toBeUndefined();
      }
    });

  it('a candidate without a cosine is left as it is, and the order of the ranking is kept', () => {
    const out = cutFarFromClosest([fused('a', 0.9), fused('b', 0.2)], {
      closeness: new Map([['b', 0.5]]),
      graphScores: new Map(),
      options,
    });
    expect(out.map((f) => [f.uid, f.score])).toEqual([
      ['a', 0.9],
      ['b', 0.2],
    ]);
  });
});
