import { existsSync } from 'node:fs';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { InvalidInputError } from '../model/errors.js';
import { Extractor } from './base.js';
import type { LlmExtractor } from './llm.js';
import { RuleExtractor } from './rules.js';
import { RulesBackedExtractor } from './with-rules.js';

/** Default chat model for extraction when `OPENAI_API_KEY` is set. */
export const DEFAULT_MODEL = 'gpt-4o-mini';

/**
 * Picks the extractor: the one given (an `Extractor`, or a LangChain chat model wrapped in an
 * {@link LlmExtractor}); else a model in this process when `KGMEM_MODEL=local:<file.gguf>`
 * (`KGMEM_MODEL_THREADS` threads); else `ChatOpenAI` when `OPENAI_API_KEY` or `OPENAI_BASE_URL`
 * is set (model `KGMEM_MODEL`, server `OPENAI_BASE_URL`: any OpenAI-compatible endpoint,
 * structured output by `KGMEM_STRUCTURED_OUTPUT`); else the offline {@link RuleExtractor}. A model's
 * facts are completed with the rules' ({@link RulesBackedExtractor}) as `KGMEM_MODEL_RULES` says,
 * with the memory's `functionalPredicates` (the relations that hold one value at a time).
 */
export async function resolveExtractor(
  given: Extractor | BaseChatModel | undefined,
  env: NodeJS.ProcessEnv = process.env,
  functionalPredicates?: Iterable<string>,
): Promise<Extractor> {
  const withRules = (model: Extractor) => new RulesBackedExtractor(model, undefined, functionalPredicates);
  if (given instanceof Extractor) return given;
  // The model extractor (and its zod schema) is loaded only when a model extracts: a command that
  // only reads starts without it.
  if (given) return new (await llmExtractor())({ model: given });
  const model = env.KGMEM_MODEL ?? DEFAULT_MODEL;
  if (model.startsWith('local:')) {
    const { localModel } = await import('./local-model.js');
    const threads = env.KGMEM_MODEL_THREADS ? Number(env.KGMEM_MODEL_THREADS) : undefined;
    if (threads !== undefined && !(Number.isInteger(threads) && threads > 0))
      throw new InvalidInputError(
        `KGMEM_MODEL_THREADS must be a whole number of threads, got "${env.KGMEM_MODEL_THREADS}"`,
      );
    const path = model.slice('local:'.length);
    if (!existsSync(path))
      throw new InvalidInputError(
        `KGMEM_MODEL=local:${path}: no such model file; fetch one with npm run llm:local (it prints the line to use)`,
      );
    const inProcess = localModel({ path, ...(threads ? { threads } : {}) });
    return modelRules(env, 'on') ? withRules(inProcess) : inProcess;
  }
  if (!env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) return new RuleExtractor();
  const [{ ChatOpenAI }, LlmExtractorClass] = await Promise.all([
    import('@langchain/openai'),
    llmExtractor(),
  ]);
  const chat = new LlmExtractorClass({
    name: model,
    method: structuredOutputMethod(env),
    ...(env.OPENAI_BASE_URL ? { server: env.OPENAI_BASE_URL } : {}),
    // Retries are the extractor's (bounded, with backoff), so the client does not add its own.
    model: new ChatOpenAI({
      model,
      // A local server usually takes no key; the client needs one all the same.
      apiKey: env.OPENAI_API_KEY || 'not-needed',
      temperature: 0,
      maxRetries: 0,
      timeout: 60_000,
      ...(env.OPENAI_BASE_URL ? { configuration: { baseURL: env.OPENAI_BASE_URL } } : {}),
    }),
  });
  return modelRules(env, 'off') ? withRules(chat) : chat;
}

/**
 * Whether a model's facts are completed with the rule extractor's (`KGMEM_MODEL_RULES`, `on` or
 * `off`): on by default for a model in this process (a small one: measured on the extraction
 * gold sets, the two together beat each alone), off for a chat model over a server, which nothing
 * here has measured.
 */
export function modelRules(env: NodeJS.ProcessEnv, byDefault: 'on' | 'off'): boolean {
  const value = (env.KGMEM_MODEL_RULES ?? '').trim().toLowerCase() || byDefault;
  if (value !== 'on' && value !== 'off')
    throw new InvalidInputError(`KGMEM_MODEL_RULES must be on or off, got "${env.KGMEM_MODEL_RULES}"`);
  return value === 'on';
}

/** The ways of asking a chat model for structured output (`KGMEM_STRUCTURED_OUTPUT`). */
export const STRUCTURED_OUTPUT_METHODS = ['jsonSchema', 'functionCalling', 'jsonMode'] as const;

/**
 * How structured output is requested (`KGMEM_STRUCTURED_OUTPUT`): `jsonSchema` by default, which
 * OpenAI and the common local servers (llama.cpp's server, vLLM, Ollama, LM Studio) constrain to
 * the schema; `functionCalling` (tools) for a server that supports tools but not `json_schema`;
 * `jsonMode` (any JSON, checked after) for a server that supports neither.
 */
export function structuredOutputMethod(env: NodeJS.ProcessEnv): (typeof STRUCTURED_OUTPUT_METHODS)[number] {
  const value = env.KGMEM_STRUCTURED_OUTPUT;
  if (value === undefined || value === '') return 'jsonSchema';
  const method = STRUCTURED_OUTPUT_METHODS.find((m) => m.toLowerCase() === value.toLowerCase());
  if (!method)
    throw new InvalidInputError(
      `KGMEM_STRUCTURED_OUTPUT must be one of ${STRUCTURED_OUTPUT_METHODS.join(', ')}, got "${value}"`,
    );
  return method;
}

async function llmExtractor(): Promise<typeof LlmExtractor> {
  return (await import('./llm.js')).LlmExtractor;
}
