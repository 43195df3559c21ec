import { type Fused, scaled } from './fuse.js';
import type { FusionOptions } from './recipe-types.js';

/** What the similarity-gap cut reads: the candidates' cosines and the walk's score of each. */
export interface SimilarityGapInput {
  /** Each candidate's cosine to the question, however low (read for a sentence model only). */
  closeness: ReadonlyMap<string, number> | undefined;
  /** Each walked candidate's graph score (the walk's path score relative to its best, in [0, 1]). */
  graphScores: ReadonlyMap<string, number>;
  options: Pick<FusionOptions, 'similarityGap' | 'similarityGapCut' | 'similarityGapKeep'>;
}

/**
 * Cuts the candidates a sentence model reads as plainly farther from the question than the
 * closest one: a fact whose statement's cosine lies more than `similarityGap` below the best
 * candidate's keeps `1 − similarityGapCut` of its score, unless the walk reached it by a relation
 * the question's words name (its graph score at least `similarityGapKeep`: "What is my hometown?"
 * reads `is_from` through the lexicon, though the model puts `lives_in` closer). A word the
 * question shares with a key by chance ("Who should I _see_ about my eyesight?": `sees_physio`)
 * or a fit of the answer's kind lifts a fact the model reads as farther; the cut lets the closer
 * statement through. Without cosines (the offline embedder) or at a cut of 0 nothing changes.
 */
export function cutFarFromClosest(ranking: readonly Fused[], input: SimilarityGapInput): Fused[] {
  const { closeness, graphScores, options } = input;
  if (!closeness || options.similarityGapCut <= 0) return [...ranking];
  let best = -Infinity;
  for (const f of ranking) best = Math.max(best, closeness.get(f.uid) ?? -Infinity);
  if (best === -Infinity) return [...ranking];
  return ranking.map((f) => {
    const cosine = closeness.get(f.uid);
    if (cosine === undefined || best - cosine <= options.similarityGap) return f;
    if ((graphScores.get(f.uid) ?? 0) >= options.similarityGapKeep) return f;
    return scaled(f, 'similarity-gap', 1 - options.similarityGapCut);
  });
}
