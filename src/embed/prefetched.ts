import { type EmbeddingsLike, embedsInProcess } from './base.js';

/**
 * An embedder that remembers what it embedded for one write, so the texts a write will need are
 * asked for before its transaction opens. On Neo4j a write's transaction holds the user's lock
 * and the driver runs it again on a transient error: embedding requests made inside would hold
 * that lock for a network round trip and be repeated on every retry. Texts asked for inside that
 * were not fetched before (a name the store spells differently) are embedded then, once.
 */
export class PrefetchedEmbeddings implements EmbeddingsLike {
  private readonly vectors = new Map<string, number[]>();

  constructor(private readonly inner: EmbeddingsLike) {}

  /**
   * Embeds the texts not yet held, in one request. A failure is left for the write itself to
   * meet (it asks again, and fails or stores without vectors as it would have).
   */
  async prefetch(texts: readonly string[]): Promise<void> {
    try {
      await this.fetch(texts);
    } catch {
      // The write asks again inside and handles the failure where it did before.
    }
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    await this.fetch(texts);
    return texts.map((text) => this.vectors.get(text) as number[]);
  }

  async embedQuery(text: string): Promise<number[]> {
    return (await this.embedDocuments([text]))[0] as number[];
  }

  /** How many distinct texts it holds (for tests and logs). */
  get size(): number {
    return this.vectors.size;
  }

  private async fetch(texts: readonly string[]): Promise<void> {
    const missing = [...new Set(texts)].filter((text) => !this.vectors.has(text));
    if (missing.length === 0) return;
    const vectors = await this.inner.embedDocuments(missing);
    if (vectors.length !== missing.length)
      throw new Error(`the embedder returned ${vectors.length} vectors for ${missing.length} texts`);
    missing.forEach((text, i) => {
      this.vectors.set(text, vectors[i] as number[]);
    });
  }
}

/**
 * The embedder one write should use: the embedder itself when it computes in process (nothing to
 * hold a lock for), else a {@link PrefetchedEmbeddings} already holding `texts`.
 */
export async function embeddingsForWrite(
  embeddings: EmbeddingsLike,
  texts: () => readonly string[],
): Promise<EmbeddingsLike> {
  if (embedsInProcess(embeddings)) return embeddings;
  const prefetched = new PrefetchedEmbeddings(embeddings);
  await prefetched.prefetch(texts());
  return prefetched;
}
