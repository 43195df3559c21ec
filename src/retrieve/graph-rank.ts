import { tokenize } from '../model/normalize.js';
import { contentStems } from '../model/text.js';
import { headSize, type ReachedFact } from './expand.js';
import { compareUids } from './order.js';

// Each earlier fact that already reached the same entity lowers a fact's score by this factor,
// so the top of the list covers more distinct entities (more answers in a bounded context).
const REPEAT_FACTOR = 0.6;

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
): ReachedFact[] {
  const question = contentStems(questionTokens);
  // Only the head can reach the top `limit` after a ≤5% bonus and the diversity pass.
  const head = [...reached]
    .sort((a, b) => b.score - a.score || compareUids(a.fact.uid, b.fact.uid))
    .slice(0, headSize(limit));
  const fused = head.map((item) => {
    const stems = contentStems(tokenize(item.fact.statement));
    let hits = 0;
    for (const s of stems) if (question.has(s)) hits++;
    return { ...item, score: item.score * (1 + (0.05 * hits) / Math.max(1, stems.size)) };
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
    return { item: { ...item, score: item.score * REPEAT_FACTOR ** seen }, rank };
  });
  diversified.sort((a, b) => b.item.score - a.item.score || a.rank - b.rank);
  return diversified.map((d) => d.item);
}
