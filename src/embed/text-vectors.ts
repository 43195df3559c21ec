import type { EmbeddingsLike } from './base.js';

/**
 * Vectors of short texts (question words, predicate phrases), each embedded once: what is new is
 * embedded in one request; the cache is emptied when it would pass `limit` texts.
 */
export class TextVectors {
  private readonly vectors = new Map<string, number[]>();

  constructor(
    private readonly embeddings: EmbeddingsLike,
    private readonly limit = 50_000,
  ) {}

  /** Embeds the texts not embedded yet, in one request (none when all are known). */
  async ensure(texts: readonly string[]): Promise<void> {
    const missing = [...new Set(texts)].filter((t) => !this.vectors.has(t));
    if (missing.length === 0) return;
    if (this.vectors.size + missing.length > this.limit) this.vectors.clear();
    const vectors = await this.embeddings.embedDocuments(missing);
    missing.forEach((text, i) => {
      const vector = vectors[i];
      if (vector) this.vectors.set(text, vector);
    });
  }

  /** A text's vector, when {@link ensure} embedded it. */
  get(text: string): number[] | undefined {
    return this.vectors.get(text);
  }
}
