import type { EmbeddingsLike } from '../embed/base.js';
import { cosine } from '../embed/cosine.js';
import { keyWords, RelationLexicon } from './base.js';

const CACHE_LIMIT = 50_000;

/**
 * Relation words matched by meaning with a semantic embedder (OpenAI's, say): a question word
 * names a predicate key by the cosine of their embeddings, rescaled so that `threshold` maps to
 * a loose match (0.7) and 1 stays 1. Word and key vectors are cached; `prepare` embeds
 * what is new in one request.
 */
export class EmbeddingLexicon extends RelationLexicon {
  private readonly vectors = new Map<string, number[]>();

  constructor(
    private readonly embeddings: EmbeddingsLike,
    /** Cosine at which a word starts to name a predicate. @default 0.55 */
    private readonly threshold = 0.55,
  ) {
    super();
  }

  override async prepare(words: readonly string[], keys: readonly string[]): Promise<void> {
    const texts = [...new Set([...words, ...keys.map((k) => keyWords(k).join(' ') || k)])].filter(
      (t) => !this.vectors.has(t),
    );
    if (texts.length === 0) return;
    if (this.vectors.size + texts.length > CACHE_LIMIT) this.vectors.clear();
    const vectors = await this.embeddings.embedDocuments(texts);
    texts.forEach((text, i) => {
      const vector = vectors[i];
      if (vector) this.vectors.set(text, vector);
    });
  }

  override score(word: string, key: string): number {
    const a = this.vectors.get(word);
    const b = this.vectors.get(keyWords(key).join(' ') || key);
    if (!a || !b) return 0;
    const similarity = cosine(a, b);
    if (similarity < this.threshold) return 0;
    return 0.7 + (0.3 * (similarity - this.threshold)) / (1 - this.threshold);
  }
}
