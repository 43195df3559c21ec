import { irregularBase } from '../model/text.js';
import { sharedWordNet } from './relatedness.js';
import type { WordNet } from './wordnet.js';

/** A word added to a search, with how much it counts next to the words of the query (1). */
export interface ExpansionTerm {
  word: string;
  weight: number;
}

/** Weights of expansion words: synonyms and derived forms, and kinds of the thing named. */
const SYNONYM_WEIGHT = 0.25;
const HYPONYM_WEIGHT = 0.15;
// Kinds are gathered this many levels down ("instrument" → "woodwind" → "clarinet")...
const HYPONYM_DEPTH = 3;
// ...unless the word is too general for its kinds to say anything ("thing", "event").
const MAX_HYPONYM_WORDS = 150;
// Senses of a word used for expansion (the most frequent ones).
const SENSES = 2;
/** How much a turn's concepts (its words' WordNet ancestors) count next to its own words. */
const CONCEPT_FIELD_WEIGHT = 0.3;

/**
 * Widens a full-text search by meaning, offline, with WordNet 3.1: each query word brings its
 * synonyms and derivationally related forms (weighted 0.25) and, for nouns, the kinds of the thing
 * it names down to three levels (weighted 0.15: "instruments" finds "clarinet" and "violin",
 * "pets" finds "dog"), unless the noun is so general that its kinds run into the hundreds. Only
 * the most frequent senses of each word are used.
 */
export class QueryExpander {
  private readonly cache = new Map<string, ExpansionTerm[]>();

  constructor(private readonly wordnet: WordNet = sharedWordNet()) {}

  /**
   * What to search among the concepts of stored turns (`EpisodeQuery.concepts`): the query's own
   * words, weighted {@link CONCEPT_FIELD_WEIGHT}, so "instruments" finds a turn about a violin and
   * "activities" one about swimming (swimming → water sport → sport → recreation → activity). The
   * query's own concepts are not searched: two texts about anything physical share "object" and
   * "whole", which says nothing about a small memory.
   */
  conceptTerms(query: string): ExpansionTerm[] {
    return [{ word: query, weight: CONCEPT_FIELD_WEIGHT }];
  }

  /** Expansion words of one query word (the word itself not included). */
  expand(word: string): ExpansionTerm[] {
    const key = word.toLowerCase();
    const cached = this.cache.get(key);
    if (cached) return cached;
    const found = new Map<string, number>();
    const add = (w: string, weight: number) => {
      const clean = w.replace(/_/g, ' ');
      if (clean === key) return;
      found.set(clean, Math.max(found.get(clean) ?? 0, weight));
    };
    const base = irregularBase(key);
    for (const pos of ['noun', 'verb', 'adj'] as const) {
      for (const lemma of new Set([...this.wordnet.lemmas(key, pos), ...this.wordnet.lemmas(base, pos)])) {
        for (const id of this.wordnet.synsetIds(lemma, pos).slice(0, SENSES)) {
          const synset = this.wordnet.synset(id);
          if (!synset) continue;
          for (const w of synset.words) add(w, SYNONYM_WEIGHT);
          for (const pointer of synset.pointers) {
            if (pointer.symbol !== '+') continue;
            for (const w of this.wordnet.synset(pointer.target)?.words ?? []) add(w, SYNONYM_WEIGHT);
          }
          if (pos === 'noun') {
            const kinds = this.kinds(id);
            if (kinds.size <= MAX_HYPONYM_WORDS) for (const w of kinds) add(w, HYPONYM_WEIGHT);
          }
        }
      }
    }
    const terms = [...found.entries()].map(([w, weight]) => ({ word: w, weight }));
    if (this.cache.size > 20_000) this.cache.clear();
    this.cache.set(key, terms);
    return terms;
  }

  /** The words of a noun synset's hyponyms, down to {@link HYPONYM_DEPTH} levels. */
  private kinds(id: string): Set<string> {
    const words = new Set<string>();
    let level = [id];
    for (let depth = 0; depth < HYPONYM_DEPTH && level.length > 0; depth++) {
      const next: string[] = [];
      for (const current of level) {
        for (const pointer of this.wordnet.synset(current)?.pointers ?? []) {
          if (pointer.symbol !== '~' && pointer.symbol !== '~i') continue;
          next.push(pointer.target);
          for (const w of this.wordnet.synset(pointer.target)?.words ?? []) words.add(w);
          if (words.size > MAX_HYPONYM_WORDS) return words;
        }
      }
      level = next;
    }
    return words;
  }
}
