import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { notOnlyAdded } from './additions.js';
import { type Extraction, type ExtractionInput, Extractor } from './base.js';
import { takeDenials } from './denials.js';
import { ExtractionError } from './errors.js';
import { wellShaped } from './fact-shape.js';
import { groundingWords } from './local-output.js';
import { buildExtractionPrompt, type PromptMessage } from './prompt.js';
import { EXTRACTION_TOOL_NAME, ExtractionOutput } from './schema.js';

/** Options of {@link LlmExtractor}. */
export interface LlmExtractorOptions {
  /** Any LangChain chat model that supports structured output (ChatOpenAI, ChatOllama, …). */
  model: BaseChatModel;
  /**
   * Attempts for transient failures (HTTP 429, 5xx, timeouts, dropped connections).
   * @default 3
   */
  maxAttempts?: number;
  /**
   * First backoff delay in ms; doubled per retry, with jitter.
   * @default 500
   */
  backoffMs?: number;
  /**
   * How structured output is requested: `jsonSchema` (the server constrains the answer to the
   * schema), `functionCalling` (a tool call), `jsonMode` (any JSON, checked after).
   * @default "jsonSchema"
   */
  method?: 'functionCalling' | 'jsonSchema' | 'jsonMode';
  /** The server's address, named in errors (`OPENAI_BASE_URL`). */
  server?: string;
  /** Name shown in logs. @default the model's type */
  name?: string;
}

interface RawStructured {
  raw: unknown;
  parsed: unknown;
  parsingError?: unknown;
}

/**
 * Extracts with one structured-output model call per turn. The prompt carries the known facts
 * about the entities involved, so the same call also says which of them the turn contradicts.
 * Output that fails validation (bad JSON, extra fields, wrong types) is retried once with the
 * validation error in the prompt; transient errors are retried with exponential backoff;
 * anything else, or running out of attempts, throws {@link ExtractionError}.
 */
export class LlmExtractor extends Extractor {
  readonly description: string;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly method: NonNullable<LlmExtractorOptions['method']>;

  constructor(private readonly options: LlmExtractorOptions) {
    super();
    this.maxAttempts = options.maxAttempts ?? 3;
    this.backoffMs = options.backoffMs ?? 500;
    this.method = options.method ?? 'jsonSchema';
    this.description = `llm:${options.name ?? options.model._llmType()}`;
  }

  /** The message of a failed request: which server and model, and what to change when it can be told. */
  private failure(error: unknown): string {
    const where = `the chat model ${this.description.slice(4)}${this.options.server ? ` at ${this.options.server}` : ''}`;
    if (refusesMethod(error))
      return (
        `${where} refused structured output by ${this.method} (${describe(error)}); ` +
        `set KGMEM_STRUCTURED_OUTPUT to one of ${['jsonSchema', 'functionCalling', 'jsonMode'].filter((m) => m !== this.method).join(' or ')}`
      );
    return `${where} failed: ${describe(error)}`;
  }

  override async extract(input: ExtractionInput): Promise<Extraction> {
    const known = input.known.map((fact, i) => ({ id: `F${i + 1}`, fact }));
    const prompt = buildExtractionPrompt(input.messages, known, input.at, input.previous);
    const structured = this.options.model.withStructuredOutput(ExtractionOutput, {
      name: EXTRACTION_TOOL_NAME,
      method: this.method,
      includeRaw: true,
    });
    let messages = prompt;
    let requests = 0;
    let promptChars = 0;
    let transientFailures = 0;
    let repaired = false;
    for (;;) {
      requests++;
      promptChars += messages.reduce((n, m) => n + m.content.length, 0);
      let result: RawStructured;
      try {
        result = (await structured.invoke(asLangChain(messages))) as RawStructured;
      } catch (error) {
        if (isTransient(error) && transientFailures + 1 < this.maxAttempts) {
          transientFailures++;
          await sleep(this.backoffMs * 2 ** (transientFailures - 1) * (0.75 + Math.random() * 0.5));
          continue;
        }
        if (isInvalidOutput(error)) {
          if (repaired)
            throw new ExtractionError(`invalid model output after one retry: ${describe(error)}`, requests);
          repaired = true;
          messages = [...prompt, repairMessage(describe(error))];
          continue;
        }
        throw new ExtractionError(this.failure(error), requests);
      }
      const checked = ExtractionOutput.safeParse(result.parsed);
      if (!checked.success) {
        const problem = result.parsingError ? describe(result.parsingError) : checked.error.message;
        if (repaired) throw new ExtractionError(`invalid model output after one retry: ${problem}`, requests);
        repaired = true;
        messages = [...prompt, repairMessage(problem)];
        continue;
      }
      const byId = new Map(known.map(({ id, fact }) => [id, fact.uid]));
      const turn = input.messages.flatMap((m) => (m.role === 'user' ? [m.content] : [])).join('\n');
      const { facts, denied } = takeDenials(checked.data.facts, input.known, groundingWords(turn));
      const named = checked.data.contradicted.flatMap((id) => byId.get(id.trim()) ?? []);
      const contradicts = notOnlyAdded(named, input.known, facts, turn);
      return {
        triples: wellShaped(facts).map((f) => ({
          subject: f.subject,
          predicate: f.predicate,
          object: f.object,
          subjectType: f.subject_type,
          objectType: f.object_type,
        })),
        contradicts: [...new Set([...contradicts, ...denied])],
        summary: checked.data.summary,
        requests,
        promptChars,
      };
    }
  }
}

/**
 * What failed, for the episode's error: a server that refuses this way of asking for structured
 * output is told apart, with the setting that picks another.
 */
function refusesMethod(error: unknown): boolean {
  const status = (error as { status?: number }).status;
  const message = describe(error);
  return (
    (status === 400 || status === 422 || status === 501) &&
    /response_format|json_schema|json schema|tool|function|not supported|unsupported/i.test(message)
  );
}

/** Prompt messages as LangChain takes them (role, content pairs). */
function asLangChain(messages: readonly PromptMessage[]): [string, string][] {
  return messages.map((m) => [
    m.role === 'assistant' ? 'ai' : m.role === 'user' ? 'human' : 'system',
    m.content,
  ]);
}

function repairMessage(problem: string): PromptMessage {
  return {
    role: 'user',
    content:
      `Your previous answer could not be used: ${problem.slice(0, 600)}\n` +
      `Answer again with the ${EXTRACTION_TOOL_NAME} tool, following its schema exactly (no extra fields).`,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as {
    status?: number;
    code?: string;
    name?: string;
    lc_error_code?: string;
    cause?: unknown;
  };
  if (typeof e.status === 'number') return e.status === 408 || e.status === 429 || e.status >= 500;
  if (e.lc_error_code === 'MODEL_RATE_LIMIT') return true;
  if (e.code && ['ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET'].includes(e.code))
    return true;
  if (e.name && /Timeout|Connection|Abort/i.test(e.name)) return true;
  return e.cause !== undefined && e.cause !== error && isTransient(e.cause);
}

function isInvalidOutput(error: unknown): boolean {
  const name = error instanceof Error ? error.name : '';
  return name === 'OutputParserException' || /ZodError$/.test(name) || name === 'SyntaxError';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
