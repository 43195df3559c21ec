import type { EmbeddingsLike } from '../embed/base.js';
import { cosine } from '../embed/cosine.js';
import { TextVectors } from '../embed/text-vectors.js';
import { keyPhrase, RelationLexicon } from './base.js';

/**
 * Relation words matched by meaning with a semantic embedder (OpenAI's, say): a question word
 * names a predicate key by the cosine of their embeddings, rescaled so that `threshold` maps to
 * a loose match (0.7) and 1 stays 1. Word and key vectors are cached; `prepare` embeds
 * what is new in one request.
 */
export class EmbeddingLexicon extends RelationLexicon {
  private readonly vectors: TextVectors;

  constructor(
    embeddings: EmbeddingsLike,
    /** Cosine at which a word starts to name a predicate. @default 0.55 */
    private readonly threshold = 0.55,
  ) {
    super();
    this.vectors = new TextVectors(embeddings);
  }

  override async prepare(words: readonly string[], keys: readonly string[]): Promise<void> {
    await this.vectors.ensure([...words, ...keys.map(keyPhrase)]);
  }

  override score(word: string, key: string): number {
    const a = this.vectors.get(word);
    const b = this.vectors.get(keyPhrase(key));
    if (!a || !b) return 0;
    const similarity = cosine(a, b);
    if (similarity < this.threshold) return 0;
    return 0.7 + (0.3 * (similarity - this.threshold)) / (1 - this.threshold);
  }
}
