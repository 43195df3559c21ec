import { tokenize } from '../model/normalize.js';
import { contentStems } from '../model/text.js';
import { headSize, type ReachedFact } from './expand.js';
import { compareUids } from './order.js';
import { OFFLINE_RECIPE } from './recipe.js';
import type { WalkRecipe } from './recipe-types.js';

/**
 * Ranks reached facts into one list. The path score already fuses name-link strength, vector
 * similarity of the seed and predicate relevance along the path; textual overlap between the
 * question and the statement breaks near-ties, and a diversity pass spreads the top over
 * distinct reached entities. Ties go to shorter paths, facts said more often, then newer facts.
 */
export function rankReachedFacts(
  reached: readonly ReachedFact[],
  questionTokens: readonly string[],
  limit: number,
  walk: WalkRecipe = OFFLINE_RECIPE.walk,
): ReachedFact[] {
  const question = contentStems(questionTokens);
  // Only the head can reach the top `limit` after the overlap bonus and the diversity pass.
  const head = [...reached]
    .sort((a, b) => b.score - a.score || compareUids(a.fact.uid, b.fact.uid))
    .slice(0, headSize(limit, walk));
  const fused = head.map((item) => {
    const stems = contentStems(tokenize(item.fact.statement));
    let hits = 0;
    for (const s of stems) if (question.has(s)) hits++;
    return { ...item, score: item.score * (1 + (walk.wordOverlapBonus * hits) / Math.max(1, stems.size)) };
  });
  fused.sort(
    (a, b) =>
      b.score - a.score ||
      a.hops - b.hops ||
      b.fact.mentions - a.fact.mentions ||
      b.fact.validFrom.getTime() - a.fact.validFrom.getTime() ||
      compareUids(a.fact.uid, b.fact.uid),
  );
  const repeats = new Map<string, number>();
  const diversified = fused.map((item, rank) => {
    const seen = repeats.get(item.reachedUid) ?? 0;
    repeats.set(item.reachedUid, seen + 1);
    return { item: { ...item, score: item.score * walk.repeatFactor ** seen }, rank };
  });
  diversified.sort((a, b) => b.item.score - a.item.score || a.rank - b.rank);
  return diversified.map((d) => d.item);
}
