import { InvalidInputError } from '../model/errors.js';
import type { EmbeddingsLike, ResolvedEmbedder } from './base.js';
import { HashingEmbeddings } from './hashing.js';
import { LocalEmbeddings } from './local.js';

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
 * Picks the embedder: the one given; else what `KGMEM_EMBEDDINGS` names (`local:<dir>`: a model
 * run in process, {@link LocalEmbeddings}; `hashing`: the offline embedder even with a key); else
 * an OpenAI-compatible server when `KGMEM_EMBEDDINGS_BASE_URL` is set (with
 * `KGMEM_EMBEDDING_MODEL`, apart from extraction); else `OpenAIEmbeddings`
 * (text-embedding-3-small) when `OPENAI_API_KEY` is set for OpenAI itself; else the offline
 * {@link HashingEmbeddings}. A chat server named by `OPENAI_BASE_URL` is not assumed to embed
 * (most local ones do not): give it as `KGMEM_EMBEDDINGS_BASE_URL` too if it does.
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
    if (embeddings instanceof LocalEmbeddings) return localEmbedder(embeddings, options);
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
  const chosen = env.KGMEM_EMBEDDINGS?.trim();
  if (chosen) {
    if (chosen.startsWith(LOCAL_PREFIX)) return localEmbedder(chosen.slice(LOCAL_PREFIX.length), options);
    if (chosen === 'hashing')
      return hashingEmbedder(new HashingEmbeddings({ dimension: options.embeddingDimension ?? 256 }));
    throw new InvalidInputError(
      `KGMEM_EMBEDDINGS must be local:<model dir> or hashing (got "${chosen}"); for a server use KGMEM_EMBEDDINGS_BASE_URL, for OpenAI OPENAI_API_KEY`,
    );
  }
  if (env.KGMEM_EMBEDDINGS_BASE_URL) return compatibleEmbedder(env.KGMEM_EMBEDDINGS_BASE_URL, options, env);
  if (env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    const { OpenAIEmbeddings } = await import('@langchain/openai');
    const model = env.KGMEM_EMBEDDING_MODEL ?? OPENAI_DEFAULT_MODEL;
    const embeddings = new OpenAIEmbeddings({ model, apiKey: env.OPENAI_API_KEY, maxRetries: 2 });
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

/**
 * Embeddings from an OpenAI-compatible server (`KGMEM_EMBEDDINGS_BASE_URL`: Ollama, vLLM, TEI,
 * `npm run embeddings:start`, or OpenAI itself) through LangChain's `OpenAIEmbeddings`, apart from
 * extraction: `KGMEM_EMBEDDING_MODEL` names the model (required), `KGMEM_EMBEDDINGS_API_KEY` the
 * key if the server wants one (never `OPENAI_API_KEY`, which belongs to the chat model's server).
 * The dimension is probed with one request unless given.
 */
async function compatibleEmbedder(
  baseUrl: string,
  options: EmbeddingOptions,
  env: NodeJS.ProcessEnv,
): Promise<ResolvedEmbedder> {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InvalidInputError(
      `KGMEM_EMBEDDINGS_BASE_URL is not a URL: "${baseUrl}"; give the server's OpenAI-compatible base, e.g. http://127.0.0.1:11434/v1`,
    );
  }
  const model = env.KGMEM_EMBEDDING_MODEL;
  if (!model)
    throw new InvalidInputError(
      'KGMEM_EMBEDDINGS_BASE_URL is set but KGMEM_EMBEDDING_MODEL is not: name the embedding model the server serves (npm run embeddings:start prints both)',
    );
  const { OpenAIEmbeddings } = await import('@langchain/openai');
  const embeddings = new OpenAIEmbeddings({
    model,
    apiKey: env.KGMEM_EMBEDDINGS_API_KEY || 'none',
    maxRetries: 2,
    configuration: { baseURL: url.toString().replace(/\/$/, '') },
  });
  let dimension = options.embeddingDimension;
  if (dimension === undefined) {
    try {
      dimension = (await embeddings.embedQuery('dimension probe')).length;
    } catch (error) {
      const status = (error as { status?: number }).status;
      throw new InvalidInputError(
        status === 404 || status === 405
          ? `the server at ${url.toString()} has no embeddings endpoint (${status} for /embeddings): a chat-only server cannot embed. ` +
              'Point KGMEM_EMBEDDINGS_BASE_URL at a server that embeds, or set KGMEM_EMBEDDINGS=local:<dir> (npm run embeddings:local) or KGMEM_EMBEDDINGS=hashing'
          : `the embeddings server at ${url.origin} did not answer (${(error as Error).message}); start it (npm run embeddings:start) or unset KGMEM_EMBEDDINGS_BASE_URL`,
      );
    }
  }
  return {
    embeddings,
    dimension,
    description: `${model} at ${url.origin} (OpenAI-compatible)`,
    semantic: true,
    identity: { provider: 'openai-compatible', model, dimension },
  };
}

const LOCAL_PREFIX = 'local:';

/** A model run in process from a directory `npm run embeddings:local` made. */
function localEmbedder(model: string | LocalEmbeddings, options: EmbeddingOptions): ResolvedEmbedder {
  if (model === '')
    throw new InvalidInputError(
      'KGMEM_EMBEDDINGS=local: needs the model directory after the colon (npm run embeddings:local prints the line)',
    );
  const embeddings = typeof model === 'string' ? new LocalEmbeddings({ directory: model }) : model;
  const { name, dimension, source } = embeddings.info;
  if (options.embeddingDimension !== undefined && options.embeddingDimension !== dimension)
    throw new InvalidInputError(
      `the local model ${name} gives ${dimension} dimensions, not the ${options.embeddingDimension} asked for`,
    );
  return {
    embeddings,
    dimension,
    description: `${name} in process (${source ?? embeddings.directory})`,
    semantic: true,
    identity: { provider: 'local', model: name, dimension },
  };
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
