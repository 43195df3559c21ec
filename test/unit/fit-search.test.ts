import { describe, expect, it } from 'vitest';
import {
  candidates,
  coordinateAscent,
  countedMean,
  currentValue,
  type FitParameter,
  type FitState,
  mean,
  withValue,
} from '../../bench/fit-search.js';
import { HAND_SET_FUSION } from '../../src/retrieve/recipe.js';

const start: FitState = { fusion: { ...HAND_SET_FUSION }, aboutUser: {} };
const graph: FitParameter = { group: 'fusion', name: 'graphWeight', kind: 'weight' };
const text: FitParameter = { group: 'fusion', name: 'episodeTextWeight', kind: 'weight' };
const half: FitParameter = { group: 'fusion', name: 'bm25Half', kind: 'scale' };
const aboutUserGraph: FitParameter = { group: 'aboutUser', name: 'graphWeight', kind: 'weight' };

describe('the fit: coordinate ascent over the recipe', () => {
  it('tries a weight at 0 (dropped), halves and quarters, within [0, 1]; a scale only above 0', () => {
    expect(candidates(graph, 1)).toEqual([0, 0.5, 0.75]);
    expect(candidates(graph, 0.4)).toEqual([0, 0.2, 0.3, 0.5, 0.6]);
    expect(candidates(graph, 0)).toEqual([0.25, 0.5, 1]);
    expect(candidates(half, 3)).toEqual([1.5, 2.25, 3.75, 4.5]);
  });

  it('reads an aboutUser number as the fusion one until it is set', () => {
    expect(currentValue(start, aboutUserGraph)).toBe(HAND_SET_FUSION.graphWeight);
    const moved = withValue(start, aboutUserGraph, 0.6);
    expect(currentValue(moved, aboutUserGraph)).toBe(0.6);
    expect(moved.fusion.graphWeight).toBe(HAND_SET_FUSION.graphWeight);
  });

  it('climbs to the best values on the grid, one parameter at a time, the same every run', async () => {
    // Best at graph 0.5 and text 0.45 (0.9 · 0.5): reachable in two rounds of halving.
    const objective = async (s: Readonly<FitState>) => [
      -((s.fusion.graphWeight - 0.5) ** 2) - (s.fusion.episodeTextWeight - 0.45) ** 2,
    ];
    const runs = await Promise.all(
      [1, 2].map(() => coordinateAscent(start, [graph, text, half], objective, 3)),
    );
    for (const run of runs) {
      expect(run.state.fusion.graphWeight).toBe(0.5);
      expect(run.state.fusion.episodeTextWeight).toBe(0.45);
      // bm25Half does not matter: a tie keeps the hand-set value.
      expect(run.state.fusion.bm25Half).toBe(HAND_SET_FUSION.bm25Half);
      expect(run.steps.map((s) => s.parameter)).toEqual(['fusion.graphWeight', 'fusion.episodeTextWeight']);
    }
    expect(runs[0]).toEqual(runs[1]);
  });

  it('drops a scorer whose weight only hurts (its weight goes to 0)', async () => {
    const objective = async (s: Readonly<FitState>) => [1 - s.fusion.episodeTextWeight];
    const run = await coordinateAscent(start, [text], objective, 2);
    expect(run.state.fusion.episodeTextWeight).toBe(0);
  });

  it('keeps no move that gains less than the least gain (noise, not learning)', async () => {
    const objective = async (s: Readonly<FitState>) => [s.fusion.episodeTextWeight / 10_000];
    const run = await coordinateAscent(start, [text], objective, 2);
    expect(run.state.fusion.episodeTextWeight).toBe(HAND_SET_FUSION.episodeTextWeight);
    // The same gain counts when the least gain allows it.
    const loose = await coordinateAscent(start, [text], objective, 2, undefined, 0);
    expect(loose.state.fusion.episodeTextWeight).toBe(1);
  });

  it("never buys one set's gain with another's loss", async () => {
    // Dropping the text weight gains the first set more than it costs the second: refused.
    const objective = async (s: Readonly<FitState>) => [
      1 - s.fusion.episodeTextWeight,
      s.fusion.episodeTextWeight / 2,
    ];
    const run = await coordinateAscent(start, [text], objective, 2);
    expect(run.state.fusion.episodeTextWeight).toBe(HAND_SET_FUSION.episodeTextWeight);
    expect(run.steps).toEqual([]);
  });

  it('keeps a guard from falling and leaves it out of the mean', async () => {
    // Lowering the text weight pays, but the guard falls below 0.5: the ascent stops above it.
    const guarded = async (s: Readonly<FitState>) => [
      1 - s.fusion.episodeTextWeight,
      s.fusion.episodeTextWeight < 0.5 ? 0 : 1,
    ];
    const run = await coordinateAscent(start, [text], guarded, 3, undefined, undefined, 1);
    expect(run.state.fusion.episodeTextWeight).toBeGreaterThanOrEqual(0.5);
    expect(run.state.fusion.episodeTextWeight).toBeLessThan(HAND_SET_FUSION.episodeTextWeight);
    // The objective is the first score alone, not its mean with the guard.
    expect(run.objective).toBe(1 - run.state.fusion.episodeTextWeight);
  });

  it('counts the mean without its guards, and a fit without guards as a plain mean', () => {
    expect(countedMean([0.5, 0.7, 1], 1)).toBeCloseTo(0.6, 12);
    expect(countedMean([0.5, 0.7, 1], 0)).toBeCloseTo(mean([0.5, 0.7, 1]), 12);
    expect(countedMean([1], 1)).toBe(0);
  });
});
