import { tokenize } from '../model/normalize.js';
import type { ReachedFact } from './expand.js';
import { contentStems } from './text.js';

/** Reciprocal-rank-fusion constant (Cormack et al. use 60). */
const RRF_K = 60;

/**
 * Fuses two rankings of the reached facts with reciprocal-rank fusion: the traversal score
 * (seed strength × predicate relevance along the path) and the lexical overlap between the
 * fact's statement and the question. Facts absent from a ranking get nothing from it.
 */
export function fuseRankings(
  reached: readonly ReachedFact[],
  questionTokens: readonly string[],
): ReachedFact[] {
  const question = contentStems(questionTokens);
  // Ties (common: several facts one hop from the same seed) go to the facts said more often,
  // then to the newer ones.
  const byGraph = [...reached].sort(
    (a, b) =>
      b.score - a.score ||
      a.hops - b.hops ||
      b.fact.mentions - a.fact.mentions ||
      b.fact.validFrom.getTime() - a.fact.validFrom.getTime(),
  );
  const overlap = new Map<string, number>();
  for (const item of reached) {
    const stems = contentStems(tokenize(item.fact.statement));
    let hits = 0;
    for (const s of stems) if (question.has(s)) hits++;
    if (hits > 0) overlap.set(item.fact.uid, hits / Math.sqrt(stems.size));
  }
  const byText = reached
    .filter((item) => overlap.has(item.fact.uid))
    .sort((a, b) => (overlap.get(b.fact.uid) ?? 0) - (overlap.get(a.fact.uid) ?? 0));

  const fused = new Map<string, number>();
  for (const [rank, item] of byGraph.entries()) fused.set(item.fact.uid, 1 / (RRF_K + rank + 1));
  for (const [rank, item] of byText.entries()) {
    fused.set(item.fact.uid, (fused.get(item.fact.uid) ?? 0) + 1 / (RRF_K + rank + 1));
  }
  return byGraph
    .map((item) => ({ ...item, score: fused.get(item.fact.uid) ?? 0 }))
    .sort((a, b) => b.score - a.score || a.hops - b.hops || b.fact.mentions - a.fact.mentions);
}
