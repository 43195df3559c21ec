import { Embeddings } from '@langchain/core/embeddings';
import { sharedWordNet } from '../lexicon/relatedness.js';
import { memoizeByText } from '../model/memo.js';
import { tokenize } from '../model/normalize.js';
import { STOP_WORDS } from '../model/text.js';

/** Options of {@link HashingEmbeddings}. */
export interface HashingEmbeddingsOptions {
  /**
   * Output dimension.
   * @default 256
   */
  dimension?: number;
  /**
   * Add the WordNet senses of the words (see {@link HashingEmbeddings}). Databases embedded by
   * the first, spelling-only version were written with `senses: false`.
   * @default true
   */
  senses?: boolean;
}

/**
 * Deterministic offline embedder: words and character trigrams hashed into a fixed-size vector
 * (the "hashing trick"), and the WordNet 3.1 senses of the words hashed into another, the two
 * normalised and added as equal halves, then normalised again. The spelling half makes "Paris"
 * close to "paris" and "Parisian"; the senses half makes "film" close to "movie" and "kid" to
 * "child" (a content word's synsets in its two most frequent senses per part of
 * speech; stop words and words WordNet does not know add none, so a text of names only is
 * embedded by its spelling alone). Not a language model: "Paris" is still not close to
 * "France". Used when no embeddings API key is configured so kgmem runs with no account and no
 * network; `senses: false` is the spelling-only first version.
 */
export class HashingEmbeddings extends Embeddings {
  readonly dimension: number;
  /** Whether the words' WordNet senses are embedded too (see the class). */
  readonly senses: boolean;

  constructor(options: HashingEmbeddingsOptions = {}) {
    super({});
    this.dimension = options.dimension ?? 256;
    this.senses = options.senses ?? true;
    if (!Number.isInteger(this.dimension) || this.dimension < 8) {
      throw new RangeError(`HashingEmbeddings: dimension must be an integer >= 8 (got ${this.dimension})`);
    }
    this.scratch = new Float32Array(this.dimension);
  }

  /** Embeds each text; never calls the network. */
  override async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((text) => Array.from(this.embedSync(text)));
  }

  /** Embeds one query text. */
  override async embedQuery(text: string): Promise<number[]> {
    return Array.from(this.embedSync(text));
  }

  /** Synchronous embedding as a `Float32Array`, for bulk paths (see `embedTexts`). */
  embedSync(text: string): Float32Array {
    const words = tokenize(text);
    const vector = new Float32Array(this.dimension);
    for (const word of words) addFeatures(vector, this.wordFeatures(word));
    if (!this.senses) {
      normalise(vector);
      return vector;
    }
    const senses = this.scratch;
    senses.fill(0);
    for (const word of words) addFeatures(senses, this.senseFeatures(word));
    // unit(spelling) + unit(senses), normalised: both norms and their dot product in one pass.
    let spelling2 = 0;
    let senses2 = 0;
    let dot = 0;
    for (let i = 0; i < vector.length; i++) {
      const a = vector[i] as number;
      const b = senses[i] as number;
      spelling2 += a * a;
      senses2 += b * b;
      dot += a * b;
    }
    if (spelling2 === 0 && senses2 === 0) return vector;
    const a = spelling2 > 0 ? 1 / Math.sqrt(spelling2) : 0;
    const b = senses2 > 0 ? 1 / Math.sqrt(senses2) : 0;
    const length = Math.sqrt((a > 0 ? 1 : 0) + (b > 0 ? 1 : 0) + 2 * a * b * dot);
    for (let i = 0; i < vector.length; i++)
      vector[i] = ((vector[i] as number) * a + (senses[i] as number) * b) / length;
    return vector;
  }

  // The senses half of the text being embedded (reused: embedding is synchronous).
  private readonly scratch: Float32Array;

  // A content word's synset features, each weighted 1/sqrt(its synset count); remembered per
  // word, as the spelling features are.
  private readonly senseFeatures = memoizeByText((word) => {
    const features: number[] = [];
    if (word.length >= MIN_SENSE_WORD && !STOP_WORDS.has(word)) {
      // Without WordNet's exception lists, as this version was first released: the vectors a
      // model name stands for never change ("bought" has no senses here; a next version may add them).
      const ids = sharedWordNet().synsetsOfWord(word, SENSES_PER_WORD, false, false);
      for (const id of ids) this.addFeature(features, `s:${id}`, 1 / Math.sqrt(ids.length));
    }
    return features;
  }, FEATURE_CACHE);

  // A word's hashed features (the word and its character trigrams) as pairs of position and
  // signed weight. Names and relation words repeat across a memory, so they are computed once.
  private readonly wordFeatures = memoizeByText((word) => {
    const features: number[] = [];
    this.addFeature(features, `w:${word}`, 1);
    const padded = `^${word}$`;
    for (let i = 0; i + 3 <= padded.length; i++)
      this.addFeature(features, `t:${padded.slice(i, i + 3)}`, 0.5);
    return features;
  }, FEATURE_CACHE);

  private addFeature(features: number[], feature: string, weight: number): void {
    const hash = fnv1a(feature);
    // A second bit of the hash picks the sign so collisions cancel out on average.
    const sign = (hash >>> 31) & 1 ? -1 : 1;
    features.push(hash % this.dimension, sign * weight);
  }
}

// The features of words up to this long are kept, for up to this many words.
const FEATURE_CACHE = { limit: 100_000, maxLength: 40 };
// Words shorter than this have no senses embedded ("tv", "ok": rarely meant as WordNet reads them).
const MIN_SENSE_WORD = 3;
// Senses of a word embedded: its most frequent ones, per lemma and part of speech.
const SENSES_PER_WORD = 2;

/** Adds pairs of position and signed weight into a vector. */
function addFeatures(vector: Float32Array, features: readonly number[]): void {
  for (let i = 0; i < features.length; i += 2) {
    const index = features[i] as number;
    vector[index] = (vector[index] as number) + (features[i + 1] as number);
  }
}

/** Scales a vector to length 1; false (and left as it is) when it is all zeros. */
function normalise(vector: Float32Array): boolean {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) {
    const x = vector[i] as number;
    norm += x * x;
  }
  if (norm === 0) return false;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) * scale;
  return true;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
