import { createHash } from 'node:crypto';
import { turnTerms } from '../episode-terms.js';

// The parameters and Lucene queries of the Neo4j adapter's reads.

// The statements of similarity search: exact, and one round of the index.
export const SIMILARITY_STATEMENTS = {
  entities: {
    exact: { name: 'entities-similar-exact' },
    index: { name: 'entities-similar-index' },
  },
  facts: {
    exact: { name: 'facts-similar-exact' },
    index: { name: 'facts-similar-index' },
  },
  episodes: {
    exact: { name: 'episodes-similar-exact' },
    index: { name: 'episodes-similar-index' },
  },
} as const;

/** What `Neo4jStore.similar` searches. */
export type SimilarityKind = keyof typeof SIMILARITY_STATEMENTS;

/**
 * The key that confines a full-text query to one user's nodes: a hash of the user id, one token
 * for Lucene's standard analyzer (so ids with spaces or symbols stay exact and unguessable).
 */

export function userSearchKey(userId: string): string {
  return createHash('sha256').update(userId).digest('hex').slice(0, 32);
}

/** A turn's terms and concept terms as the whitespace-analysed index fields hold them. */
export function storedTerms(text: string): { terms: string; conceptTerms: string } {
  const { terms, conceptTerms } = turnTerms(text);
  return { terms: terms.join(' '), conceptTerms: conceptTerms.join(' ') };
}

// Terms of one full-text query: Lucene refuses more than 1,024 clauses, counting a weighted term
// and its weight apart, so well below (the query's own words come first, then the widening by weight).
export const MAX_QUERY_TERMS = 400;

// Words of a name search read (16 fuzzy clauses of at most 50 expansions stay below that limit).
export const MAX_NAME_SEARCH_WORDS = 16;

export const MAX_NAME_WORD_LENGTH = 100;

/** One term of a query on a whitespace-analysed field, escaped for Lucene's query syntax. */
export function luceneTerm(term: string): string {
  return luceneQuery(term) || '""';
}

/** A Lucene query on turn terms: the user's key required but not scored (`^0`), any of the terms. */
export function termQuery(userId: string, terms: string): string {
  return `+userKey:${userSearchKey(userId)}^0 +(${terms})`;
}

export function userQuery(userId: string, words: string): string {
  return `+userKey:${userSearchKey(userId)} +(${words})`;
}

/**
 * A vector as Neo4j stores it: a list of floats; `null` for none (embedded later); an empty list
 * for a zero vector, which Neo4j's cosine refuses and its vector index leaves out (the offline
 * embedder gives one for a text without a word it knows): embedded, with nothing to compare.
 */

/** Escapes free text for a Lucene query: each word, fuzzy-free, OR-ed. */
export function luceneQuery(text: string): string {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/[+\-&|!(){}[\]^"~*?:\\/]/g, (c) => `\\${c}`))
    .filter((word) => word.length > 0 && !/^(AND|OR|NOT|TO)$/.test(word))
    .join(' ');
}
