import type { Embeddings } from '@langchain/core/embeddings';
import type { EmbedderIdentity } from '../store/embedder-identity.js';

/** Any LangChain `Embeddings` (OpenAIEmbeddings, OllamaEmbeddings, …) embeds entities and queries. */
export type EmbeddingsLike = Pick<Embeddings, 'embedDocuments' | 'embedQuery'>;

/** An embedder together with its fixed output dimension. */
export interface ResolvedEmbedder {
  embeddings: EmbeddingsLike;
  dimension: number;
  /** Short description for logs and `kgmem info` (`"hashing-256 (offline, lexical)"`). */
  description: string;
  /**
   * Whether similar vectors mean similar meaning (OpenAI's and most models) rather than similar
   * spelling (the offline hashing embedder). Semantic embedders also match relation words.
   */
  semantic: boolean;
  /** Provider, model and dimension: recorded in the database, which refuses another embedder. */
  identity: EmbedderIdentity;
}
