import { cosine } from '../embed/cosine.js';
import type { TextVectors } from '../embed/text-vectors.js';

/**
 * How close each predicate's words are to a question, by the embedder's vectors (the
 * `relation-similarity` signal): `favorite_series` is read as "favorite series", `works_at` as
 * "works at" (a sentence model reads the function word too: "Where do I work?"). Keys repeat across
 * questions and users, so each key's phrase is embedded once (`TextVectors`), the new ones of a
 * recall in one request.
 */
export class RelationSimilarity {
  constructor(private readonly vectors: TextVectors) {}

  /** The cosine of each key's phrase to the question's vector (keys whose phrase could not be embedded are left out). */
  async cosines(question: readonly number[], keys: Iterable<string>): Promise<Map<string, number>> {
    const phrases = new Map<string, string>();
    for (const key of keys) phrases.set(key, relationPhrase(key));
    await this.vectors.ensure([...phrases.values()]);
    const found = new Map<string, number>();
    for (const [key, phrase] of phrases) {
      const vector = this.vectors.get(phrase);
      if (vector) found.set(key, cosine(question, vector));
    }
    return found;
  }
}

/** A predicate key as the words it is made of: `works_at` → "works at". */
export function relationPhrase(key: string): string {
  return (
    key
      .split('_')
      .filter((part) => part.length > 0)
      .join(' ') || key
  );
}
