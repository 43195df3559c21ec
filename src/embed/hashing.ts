import { Embeddings } from '@langchain/core/embeddings';
import { tokenize } from '../model/normalize.js';

/** Options of {@link HashingEmbeddings}. */
export interface HashingEmbeddingsOptions {
  /**
   * Output dimension.
   * @default 256
   */
  dimension?: number;
}

/**
 * Deterministic offline embedder: words and character trigrams hashed into a fixed-size,
 * L2-normalised vector (the "hashing trick"). It is **lexical, not semantic**: "Paris" is close
 * to "paris" and "Parisian", not to "France". Used when no embeddings API key is configured so
 * kgmem runs with no account and no network.
 */
export class HashingEmbeddings extends Embeddings {
  readonly dimension: number;

  constructor(options: HashingEmbeddingsOptions = {}) {
    super({});
    this.dimension = options.dimension ?? 256;
    if (!Number.isInteger(this.dimension) || this.dimension < 8) {
      throw new RangeError(`HashingEmbeddings: dimension must be an integer >= 8 (got ${this.dimension})`);
    }
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
    const vector = new Float32Array(this.dimension);
    for (const word of tokenize(text)) {
      const features = this.wordFeatures(word);
      for (let i = 0; i < features.length; i += 2) {
        const index = features[i] as number;
        vector[index] = (vector[index] as number) + (features[i + 1] as number);
      }
    }
    let norm = 0;
    for (let i = 0; i < vector.length; i++) {
      const x = vector[i] as number;
      norm += x * x;
    }
    if (norm > 0) {
      const scale = 1 / Math.sqrt(norm);
      for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) * scale;
    }
    return vector;
  }

  // A word's hashed features (the word and its character trigrams) as pairs of position and
  // signed weight. Names and relation words repeat across a memory, so they are computed once.
  private readonly featureCache = new Map<string, number[]>();

  private wordFeatures(word: string): number[] {
    let features = this.featureCache.get(word);
    if (features) return features;
    features = [];
    this.addFeature(features, `w:${word}`, 1);
    const padded = `^${word}$`;
    for (let i = 0; i + 3 <= padded.length; i++)
      this.addFeature(features, `t:${padded.slice(i, i + 3)}`, 0.5);
    if (word.length > FEATURE_CACHE_MAX_WORD) return features;
    if (this.featureCache.size >= FEATURE_CACHE_LIMIT) this.featureCache.clear();
    this.featureCache.set(word, features);
    return features;
  }

  private addFeature(features: number[], feature: string, weight: number): void {
    const hash = fnv1a(feature);
    // A second bit of the hash picks the sign so collisions cancel out on average.
    const sign = (hash >>> 31) & 1 ? -1 : 1;
    features.push(hash % this.dimension, sign * weight);
  }
}

// The features of words up to this long are kept, for up to this many words (a cleared cache only
// costs recomputing).
const FEATURE_CACHE_MAX_WORD = 40;
const FEATURE_CACHE_LIMIT = 100_000;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
