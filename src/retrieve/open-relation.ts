import { cosine } from '../embed/cosine.js';
import type { TextVectors } from '../embed/text-vectors.js';
import { keyPhrase } from '../lexicon/base.js';

/**
 * How well each predicate key fits a question's unread words (those the relation lexicon names no
 * relation by), in [0, 1], by a semantic embedder's word vectors, for the walk's open last hop
 * ("what types are the films penned by X": "types" fits `has_genre`).
 *
 * A word's cosines with every key are turned into z-scores: a word of the graph's own domain
 * ("films") is about as near to every key and stands out for none, while a word naming one
 * relation stands out for it. A key scores the best z of any word; the scores are then rescaled
 * over the keys so that the best fitting key gets 1 and the worst 0. Single words' cosines are
 * too close to name a relation on their own (see `relationLexicon`), so this only ranks the
 * relations the walk may take one hop beyond the chain the question names.
 */
export class OpenRelationReader {
  /** `vectors`: the short texts' vectors, shared with the other readers of one embedder. */
  constructor(private readonly vectors: TextVectors) {}

  /** Each key's fit to the words (empty when there are no words or keys); one request for what is new. */
  async fit(words: readonly string[], keys: readonly string[]): Promise<Map<string, number>> {
    const fit = new Map<string, number>();
    if (words.length === 0 || keys.length === 0) return fit;
    await this.vectors.ensure([...words, ...keys.map(keyPhrase)]);
    const best = new Map<string, number>(keys.map((key) => [key, -Infinity]));
    for (const word of words) {
      const vector = this.vectors.get(word);
      if (!vector) continue;
      const cosines = keys.map((key) => {
        const other = this.vectors.get(keyPhrase(key));
        return other ? cosine(vector, other) : 0;
      });
      const mean = cosines.reduce((sum, c) => sum + c, 0) / cosines.length;
      const spread = Math.sqrt(cosines.reduce((sum, c) => sum + (c - mean) ** 2, 0) / cosines.length);
      if (spread === 0) continue;
      keys.forEach((key, i) => {
        const z = ((cosines[i] ?? 0) - mean) / spread;
        if (z > (best.get(key) ?? -Infinity)) best.set(key, z);
      });
    }
    const scores = [...best.values()].filter(Number.isFinite);
    if (scores.length === 0) return fit;
    const low = Math.min(...scores);
    const high = Math.max(...scores);
    for (const [key, z] of best)
      fit.set(key, high > low && Number.isFinite(z) ? (z - low) / (high - low) : 0);
    return fit;
  }
}
