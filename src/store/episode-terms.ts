import { sharedConceptReader } from '../lexicon/concepts.js';
import { searchTerms } from '../model/text.js';

/**
 * How stored turns are searched by words, the same on every backend: a turn's terms are its
 * words as `searchTerms` reads them (lower case, stop words out, stemmed), and its concept terms
 * the WordNet ancestors of its words (`ConceptReader`) that it does not also say in words. Both
 * fields are scored with BM25 (k1 = 1.2, b = 0.75), the query's own terms once each and the
 * weighted terms (expansions, concepts) with their weights.
 */
export interface TurnTerms {
  terms: string[];
  conceptTerms: string[];
}

/** BM25's term-frequency saturation. */
export const BM25_K1 = 1.2;
/** BM25's length normalisation. */
export const BM25_B = 0.75;
/**
 * A concept more than this share of a user's turns have (for most, "entity", "object", "act") is
 * not searched: it tells the turns apart by next to nothing.
 */
export const GENERAL_CONCEPT_SHARE = 0.5;

/**
 * BM25's inverse document frequency, in the non-negative form `ln(1 + (N - n + 0.5) / (n + 0.5))`:
 * `documents` is N, the turns searched (one user's), `holding` is n, those holding the term.
 */
export function bm25Idf(documents: number, holding: number): number {
  return Math.log(1 + (documents - holding + 0.5) / (holding + 0.5));
}

/**
 * One term's BM25 score in one turn, given its (weighted) idf: `count` times in a turn of `length`
 * terms, where the user's turns hold `averageLength` terms on average. Every backend scores a
 * turn's terms with this, so full-text scores are on one scale.
 */
export function bm25TermScore(idf: number, count: number, length: number, averageLength: number): number {
  return (idf * count * (BM25_K1 + 1)) / (count + BM25_K1 * (1 - BM25_B + (BM25_B * length) / averageLength));
}

/** The terms of a turn's text, and its concept terms. */
export function turnTerms(text: string): TurnTerms {
  const terms = searchTerms(text);
  // A concept term the turn also says in words is already in the first field.
  const own = new Set(terms);
  return {
    terms,
    conceptTerms: sharedConceptReader()
      .conceptTermsOf(text)
      .filter((term) => !own.has(term)),
  };
}

/** Weighted words (expansions, concepts) as weighted terms, each term once with its highest weight. */
export function weightedTerms(
  words: readonly { word: string; weight: number }[],
): { term: string; weight: number }[] {
  const best = new Map<string, number>();
  for (const { word, weight } of words)
    for (const term of searchTerms(word)) best.set(term, Math.max(best.get(term) ?? 0, weight));
  return [...best].map(([term, weight]) => ({ term, weight }));
}
