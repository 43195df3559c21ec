import type { EmbeddingsLike } from '../src/embed/base.js';

/**
 * An embedder that embeds each distinct text once (a bench embeds the same statements for kgmem
 * and for the baselines beside it); vectors kept as `Float32Array`, handed out as new lists.
 */
export class MemoEmbeddings implements EmbeddingsLike {
  private readonly vectors = new Map<string, Float32Array>();

  constructor(
    private readonly inner: EmbeddingsLike,
    /** Whatever identifies the inner embedder (its `model`), shown to kgmem as the model name. */
    readonly model: string,
  ) {}

  async embedDocuments(texts: string[]): Promise<number[][]> {
    const missing = [...new Set(texts.filter((t) => !this.vectors.has(t)))];
    for (let i = 0; i < missing.length; i += 512) {
      const batch = missing.slice(i, i + 512);
      const vectors = await this.inner.embedDocuments(batch);
      for (const [j, text] of batch.entries()) this.vectors.set(text, Float32Array.from(vectors[j] ?? []));
    }
    return texts.map((t) => Array.from(this.vectors.get(t) ?? []));
  }

  async embedQuery(text: string): Promise<number[]> {
    const [vector] = await this.embedDocuments([text]);
    return vector ?? [];
  }
}
