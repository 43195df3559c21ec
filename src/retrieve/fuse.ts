import type { RecallSignal } from '../model/types.js';
import { byScore } from './order.js';
import { MS_PER_DAY } from './recipe.js';

/** One signal's evidence for candidates: a score in [0, 1] per uid, and the signal's weight. */
export interface Evidence {
  signal: RecallSignal;
  /** How much a certain hit of this signal counts, in [0, 1]. */
  weight: number;
  scores: ReadonlyMap<string, number>;
}

/** A candidate's fused score and the signals that found it. */
export interface Fused {
  uid: string;
  score: number;
  signals: RecallSignal[];
  /**
   * What each scorer contributed, by name: a signal's chance `w·s` in the noisy-OR, a lift's
   * (or a cut's, negative) change of the score.
   */
  contributions: Record<string, number>;
}

/**
 * Noisy-OR fusion: each signal's calibrated score s ∈ [0, 1], times the signal's weight w, is
 * the chance that it alone shows the candidate is relevant; the fused score is the chance that
 * at least one does, `1 − Π (1 − w·s)`. Agreeing signals raise a candidate, a single strong one
 * keeps it high, weak ones add little, and the result is an absolute score in [0, 1] that means
 * the same across queries and users (a minimum score can cut it).
 */
export function noisyOr(evidence: readonly Evidence[]): Fused[] {
  const fused = new Map<
    string,
    { miss: number; signals: RecallSignal[]; contributions: Record<string, number> }
  >();
  for (const { signal, weight, scores } of evidence) {
    for (const [uid, score] of scores) {
      const p = Math.min(1, Math.max(0, weight * score));
      if (p <= 0) continue;
      const entry = fused.get(uid) ?? { miss: 1, signals: [], contributions: {} };
      entry.miss *= 1 - p;
      entry.signals.push(signal);
      entry.contributions[signal] = p;
      fused.set(uid, entry);
    }
  }
  return [...fused.entries()]
    .map(([uid, { miss, signals, contributions }]) => ({ uid, score: 1 - miss, signals, contributions }))
    .sort(byScore);
}

/**
 * Raises a score s in [0, 1] by a gain g (clamped to [0, 1]): `s + g · s · (1 − s)`. The result
 * stays in [0, 1] and keeps the order of scores; a score of 0 or 1 does not move.
 */
export function lift(score: number, gain: number): number {
  const g = Math.min(1, Math.max(0, gain));
  return score + g * score * (1 - score);
}

/** A candidate lifted by `gain` (see {@link lift}), its contribution recorded under `name`. */
export function lifted(candidate: Fused, name: string, gain: number): Fused {
  const score = lift(candidate.score, gain);
  if (score === candidate.score) return candidate;
  return {
    ...candidate,
    score,
    contributions: { ...candidate.contributions, [name]: score - candidate.score },
  };
}

/**
 * A candidate joined by one more signal after the others were fused and fitted: its chance `p`
 * in [0, 1] counts as in the noisy-OR, `s + p · (1 − s)`, so the score stays in [0, 1] and the
 * signal, `name` among the signals when it counts, is not scaled by what the fit did before it.
 */
export function joined(candidate: Fused, name: RecallSignal, chance: number): Fused {
  const p = Math.min(1, Math.max(0, chance));
  if (p <= 0) return candidate;
  const score = candidate.score + p * (1 - candidate.score);
  return {
    ...candidate,
    score,
    signals: [...candidate.signals, name],
    contributions: { ...candidate.contributions, [name]: score - candidate.score },
  };
}

/** A candidate cut to a share of its score, the cut recorded under `name` (negative). */
export function scaled(candidate: Fused, name: string, share: number): Fused {
  const score = candidate.score * share;
  if (score === candidate.score) return candidate;
  return {
    ...candidate,
    score,
    contributions: { ...candidate.contributions, [name]: score - candidate.score },
  };
}

/** A cosine above `floor` rescaled to [0, 1] (the floor itself is 0). */
export function calibrateCosine(cosine: number, floor: number): number {
  return floor >= 1 ? 0 : Math.max(0, (cosine - floor) / (1 - floor));
}

/**
 * A BM25 score in [0, 1): `s / (s + half)`, so a score of `half` (a turn matching a couple of
 * the query's rarer words) counts 0.5 and more matches approach 1.
 */
export function calibrateBm25(score: number, half: number): number {
  return score <= 0 ? 0 : score / (score + half);
}

/** How fresh an item is: 1 for the newest candidate, halving every `halfLifeDays` before it. */
export function recency(at: Date, newest: number, halfLifeDays: number): number {
  const days = Math.max(0, (newest - at.getTime()) / MS_PER_DAY);
  return 2 ** -(days / halfLifeDays);
}
