import { contentStems } from './text.js';

/**
 * Scores how well a predicate matches what a question asks, in [0, 1]: the share of the
 * predicate's content words whose stem appears in the question. Cached per predicate key, as a
 * recall meets the same few predicates many times.
 */
export class PredicateRelevance {
  private readonly cache = new Map<string, number>();
  private readonly questionStems: ReadonlySet<string>;

  constructor(questionTokens: readonly string[]) {
    this.questionStems = contentStems(questionTokens);
  }

  /** Relevance of one predicate key (`"directed_by"`). */
  score(predicateKey: string): number {
    let score = this.cache.get(predicateKey);
    if (score === undefined) {
      const words = contentStems(predicateKey.split('_'));
      let hits = 0;
      for (const word of words) if (this.questionStems.has(word)) hits++;
      score = words.size === 0 ? 0 : hits / words.size;
      this.cache.set(predicateKey, score);
    }
    return score;
  }
}
