import type { Embeddings } from '@langchain/core/embeddings';
import type { EmbedderIdentity } from '../store/embedder-identity.js';

/** Any LangChain `Embeddings` (OpenAIEmbeddings, OllamaEmbeddings, …) embeds entities and queries. */
export type EmbeddingsLike = Pick<Embeddings, 'embedDocuments' | 'embedQuery'>;

/** An embedder together with its fixed output dimension. */
export interface ResolvedEmbedder {
  embeddings: EmbeddingsLike;
  dimension: number;
  /** Short description for logs and `kgmem info` (`"hashing-256 (offline, spelling and WordNet senses)"`). */
  description: string;
  /**
   * Whether similar vectors mean similar meaning (OpenAI's and most models) rather than similar
   * spelling (the offline hashing embedder). Semantic embedders also match relation words.
   */
  semantic: boolean;
  /** Provider, model and dimension: recorded in the database, which refuses another embedder. */
  identity: EmbedderIdentity;
}

/** An embedder that embeds in process, without a request (the offline hashing embedder). */
interface InProcessEmbedder {
  embedSync(text: string): Float32Array;
}

/** Whether the embedder computes in process, without a request (no network, nothing to wait on). */
export function embedsInProcess(
  embeddings: EmbeddingsLike,
): embeddings is EmbeddingsLike & InProcessEmbedder {
  return typeof (embeddings as Partial<InProcessEmbedder>).embedSync === 'function';
}

/**
 * One text's embedding when the embedder computes it in process (the offline hashing embedder),
 * else `undefined`: for a second, narrower query vector where it costs no request.
 */
export function embedInProcess(embeddings: EmbeddingsLike, text: string): Float32Array | undefined {
  return embedsInProcess(embeddings) ? embeddings.embedSync(text) : undefined;
}

/**
 * Embeds texts for storage: in process as typed arrays when the embedder can (a bulk import
 * embeds hundreds of thousands of names and statements; `embedDocuments` would copy each into a
 * list of numbers), otherwise with one `embedDocuments` request.
 */
export async function embedTexts(embeddings: EmbeddingsLike, texts: string[]): Promise<ArrayLike<number>[]> {
  if (embedsInProcess(embeddings)) return texts.map((text) => embeddings.embedSync(text));
  return embeddings.embedDocuments(texts);
}
