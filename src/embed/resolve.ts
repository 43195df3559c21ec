import type { EmbeddingsLike, ResolvedEmbedder } from './base.js';
import { HashingEmbeddings } from './hashing.js';

/** How to choose embeddings when creating a memory. */
export interface EmbeddingOptions {
  /** Any LangChain `Embeddings`. Default: OpenAI when `OPENAI_API_KEY` is set, else hashing. */
  embeddings?: EmbeddingsLike;
  /** Dimension of `embeddings`; probed with one call when omitted. */
  embeddingDimension?: number;
}

const OPENAI_DEFAULT_MODEL = 'text-embedding-3-small';
const OPENAI_DEFAULT_DIMENSION = 1536;

/**
 * Picks the embedder: the one given, else `OpenAIEmbeddings` (text-embedding-3-small) when
 * `OPENAI_API_KEY` is set, else the offline {@link HashingEmbeddings}.
 */
export async function resolveEmbedder(
  options: EmbeddingOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ResolvedEmbedder> {
  if (options.embeddings) {
    const embeddings = options.embeddings;
    if (embeddings instanceof HashingEmbeddings) {
      return hashingEmbedder(embeddings);
    }
    const dimension = options.embeddingDimension ?? (await embeddings.embedQuery('dimension probe')).length;
    const provider = embeddings.constructor?.name || 'custom';
    const named = embeddings as { model?: unknown; modelName?: unknown };
    const model = String(named.model ?? named.modelName ?? 'default');
    return {
      embeddings,
      dimension,
      description: embeddings.constructor?.name ?? 'custom embeddings',
      semantic: true,
      identity: { provider, model, dimension },
    };
  }
  if (env.OPENAI_API_KEY) {
    const { OpenAIEmbeddings } = await import('@langchain/openai');
    const model = env.KGMEM_EMBEDDING_MODEL ?? OPENAI_DEFAULT_MODEL;
    const embeddings = new OpenAIEmbeddings({
      model,
      apiKey: env.OPENAI_API_KEY,
      maxRetries: 2,
      ...(env.OPENAI_BASE_URL ? { configuration: { baseURL: env.OPENAI_BASE_URL } } : {}),
    });
    const dimension =
      options.embeddingDimension ??
      (model === OPENAI_DEFAULT_MODEL
        ? OPENAI_DEFAULT_DIMENSION
        : (await embeddings.embedQuery('probe')).length);
    return {
      embeddings,
      dimension,
      description: `openai:${model}`,
      semantic: true,
      identity: { provider: 'openai', model, dimension },
    };
  }
  return hashingEmbedder(new HashingEmbeddings({ dimension: options.embeddingDimension ?? 256 }));
}

/** The offline hashing embedder as resolved (see {@link HashingEmbeddings}). */
export function hashingEmbedder(embeddings: HashingEmbeddings): ResolvedEmbedder {
  return {
    embeddings,
    dimension: embeddings.dimension,
    description: hashingDescription(embeddings),
    semantic: false,
    identity: {
      provider: 'hashing',
      model: embeddings.senses ? HASHING_MODEL : HASHING_MODEL_V1,
      dimension: embeddings.dimension,
    },
  };
}

// The hashing embedder's versions: change it when its vectors change. v1 spelt words only; v2
// adds their WordNet senses.
const HASHING_MODEL = 'kgmem-hashing-v2';
const HASHING_MODEL_V1 = 'kgmem-hashing-v1';

function hashingDescription(embeddings: HashingEmbeddings): string {
  return `hashing-${embeddings.dimension} (offline, ${embeddings.senses ? 'spelling and WordNet senses' : 'spelling only'})`;
}
