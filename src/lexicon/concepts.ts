import { tokenize } from '../model/normalize.js';
import { STOP_WORDS, searchTerms } from '../model/text.js';
import { sharedWordNet } from './relatedness.js';
import type { WordNet } from './wordnet.js';

// Words shorter than this are not looked up ("tv", "ok": their WordNet senses are rarely meant).
const MIN_WORD_LENGTH = 3;
// Senses of a word whose ancestors are taken: its most frequent one per part of speech.
const SENSES = 1;
// Words whose ancestors are kept (a cleared cache only costs looking them up again).
const CACHE_LIMIT = 50_000;

/**
 * The concepts a text's words belong to, from WordNet 3.1: for each content word, the words of
 * every ancestor (hypernym, and the class of an instance) of its most frequent sense, up to the
 * top of the hierarchy: "violin" → bowed stringed instrument, stringed instrument, musical
 * instrument, device, instrumentality, artifact, whole, object, physical entity, entity; "Paris"
 * → national capital, capital, city, municipality, urban area, geographical area, region,
 * location, … A turn indexed with its concepts is found by a question that names the kind of
 * thing it talks about ("What instruments does Melanie play?", "Which cities has Jon visited?").
 * How general a concept is needs no list: in a full-text index the concepts every turn shares
 * ("entity", "object") have no weight, and the rare ones count the most (an information-content
 * measure of the shared ancestor, in Resnik's sense).
 */
export class ConceptReader {
  private readonly cache = new Map<string, readonly string[]>();
  private readonly termCache = new Map<string, readonly string[]>();

  constructor(private readonly wordnet: WordNet = sharedWordNet()) {}

  /**
   * The ancestor words of a text's content words (stop words and very short words skipped),
   * each once, in the order first reached; WordNet's multi-word lemmas with spaces.
   */
  conceptsOf(text: string): string[] {
    return this.unionOverWords(text, (word) => this.ancestors(word));
  }

  /**
   * The search terms (`searchTerms`: stop words out, stemmed) of a text's concepts, each once:
   * what a full-text index of concepts holds for the text.
   */
  conceptTermsOf(text: string): string[] {
    return this.unionOverWords(text, (word) => {
      let terms = this.termCache.get(word);
      if (!terms) {
        terms = [...new Set(searchTerms(this.ancestors(word).join(' ')))];
        if (this.termCache.size >= CACHE_LIMIT) this.termCache.clear();
        this.termCache.set(word, terms);
      }
      return terms;
    });
  }

  /** What `of` gives for each content word of a text (stop words and very short words skipped), each once. */
  private unionOverWords(text: string, of: (word: string) => readonly string[]): string[] {
    const found = new Set<string>();
    for (const word of tokenize(text)) {
      if (word.length < MIN_WORD_LENGTH || STOP_WORDS.has(word)) continue;
      for (const item of of(word)) found.add(item);
    }
    return [...found];
  }

  /** The ancestor words of one word's most frequent senses (the word's own synonyms not included). */
  ancestors(word: string): readonly string[] {
    const key = word.toLowerCase();
    const cached = this.cache.get(key);
    if (cached) return cached;
    const words = new Set<string>();
    const seen = new Set<string>();
    let level = this.wordnet.synsetsOfWord(key, SENSES);
    while (level.length > 0) {
      const next: string[] = [];
      for (const id of level) {
        for (const pointer of this.wordnet.synset(id)?.pointers ?? []) {
          if (pointer.symbol !== '@' && pointer.symbol !== '@i') continue;
          if (seen.has(pointer.target)) continue;
          seen.add(pointer.target);
          next.push(pointer.target);
          for (const w of this.wordnet.synset(pointer.target)?.words ?? []) words.add(w.replace(/_/g, ' '));
        }
      }
      level = next;
    }
    const result = [...words];
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(key, result);
    return result;
  }
}

let shared: ConceptReader | undefined;

/** One concept reader per process (it caches each word's ancestors). */
export function sharedConceptReader(): ConceptReader {
  shared ??= new ConceptReader();
  return shared;
}
