import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { Extractor } from './base.js';
import type { LlmExtractor } from './llm.js';
import { RuleExtractor } from './rules.js';

/** Default chat model for extraction when `OPENAI_API_KEY` is set. */
export const DEFAULT_MODEL = 'gpt-4o-mini';

/**
 * Picks the extractor: the one given (an `Extractor`, or a LangChain chat model wrapped in an
 * {@link LlmExtractor}), else `ChatOpenAI` when `OPENAI_API_KEY` is set (model `KGMEM_MODEL`,
 * server `OPENAI_BASE_URL`: any OpenAI-compatible endpoint), else the offline {@link RuleExtractor}.
 */
export async function resolveExtractor(
  given: Extractor | BaseChatModel | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Extractor> {
  if (given instanceof Extractor) return given;
  // The model extractor (and its zod schema) is loaded only when a model extracts: a command that
  // only reads starts without it.
  if (given) return new (await llmExtractor())({ model: given });
  if (!env.OPENAI_API_KEY) return new RuleExtractor();
  const [{ ChatOpenAI }, LlmExtractorClass] = await Promise.all([
    import('@langchain/openai'),
    llmExtractor(),
  ]);
  const model = env.KGMEM_MODEL ?? DEFAULT_MODEL;
  return new LlmExtractorClass({
    name: model,
    // Retries are the extractor's (bounded, with backoff), so the client does not add its own.
    model: new ChatOpenAI({
      model,
      apiKey: env.OPENAI_API_KEY,
      temperature: 0,
      maxRetries: 0,
      timeout: 60_000,
      ...(env.OPENAI_BASE_URL ? { configuration: { baseURL: env.OPENAI_BASE_URL } } : {}),
    }),
  });
}

async function llmExtractor(): Promise<typeof LlmExtractor> {
  return (await import('./llm.js')).LlmExtractor;
}
