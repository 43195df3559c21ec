import { z } from 'zod';
import { InvalidInputError } from '../model/errors.js';
import { notOnlyAdded } from './additions.js';
import { type ConversationMessage, type Extraction, type ExtractionInput, Extractor } from './base.js';
import { takeDenials } from './denials.js';
import { ExtractionError } from './errors.js';
import { wellShaped } from './fact-shape.js';
import { groundingWords, repeatsItself, salvage, statedFacts } from './local-output.js';
import { LocalModelRuntime, type LocalRuntimeOptions } from './local-runtime.js';
import { buildExtractionPrompt } from './prompt.js';
import { ExtractionOutput } from './schema.js';
import { chunkText } from './slice.js';

/** Options of {@link localModel}. */
export interface LocalModelOptions extends LocalRuntimeOptions {
  /** Most tokens of one answer; an answer cut there fails the turn. @default 768 */
  maxTokens?: number;
  /** Most time for one extraction request. @default 180 s */
  timeoutMs?: number;
}

/** The JSON schema of an extraction, from the same zod schema the chat-model path uses. */
export function extractionJsonSchema(): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(ExtractionOutput, { target: 'draft-7' }) as Record<
    string,
    unknown
  >;
  return schema;
}

type Known = { id: string; fact: { uid: string; statement: string } }[];

/**
 * Extracts with a language model running in this process (`LocalModelRuntime`): one request
 * per turn, its answer constrained by a grammar built from the `ExtractionOutput` JSON schema,
 * so it cannot break the schema. What a small model adds beyond it is kept out: an answer that
 * starts repeating a fact is stopped there (its facts so far kept), and facts naming what the
 * conversation does not contain are dropped (`local-output.ts`). A turn too long for the context
 * is split at sentence boundaries, one request per part, never cut. A request that runs out of
 * time or tokens fails the turn (kept as a failed episode with the reason).
 */
export class LocalModelExtractor extends Extractor {
  readonly description: string;
  readonly runtime: LocalModelRuntime;
  private readonly maxTokens: number;
  private readonly timeoutMs: number;

  constructor(options: LocalModelOptions) {
    super();
    if (typeof options.path !== 'string' || options.path.trim() === '')
      throw new InvalidInputError(
        'localModel: path must name a model file (.gguf); get one with npm run llm:local',
      );
    this.runtime = new LocalModelRuntime(options);
    this.maxTokens = options.maxTokens ?? 768;
    this.timeoutMs = options.timeoutMs ?? 180_000;
    this.description = `local:${options.path.split('/').pop()}`;
  }

  /** Frees the model. */
  dispose(): Promise<void> {
    return this.runtime.dispose();
  }

  override async extract(input: ExtractionInput): Promise<Extraction> {
    const known: Known = input.known.map((fact, i) => ({ id: `F${i + 1}`, fact }));
    const merged: Extraction = { triples: [], contradicts: [], summary: '', requests: 0, promptChars: 0 };
    const byId = new Map(known.map(({ id, fact }) => [id, fact.uid]));
    for (const messages of await this.fitting(input, known)) {
      const prompt = buildExtractionPrompt(messages, known, input.at, input.previous);
      merged.requests++;
      merged.promptChars += prompt.reduce((n, m) => n + m.content.length, 0);
      const output = await this.ask(prompt, merged.requests);
      // Facts the turn does not state are the model's: invented (often from the worked
      // examples), copied back from the known facts, or read out of a question or a plan.
      const context = groundingWords(
        ...messages.map((m) => m.content),
        ...(input.previous ?? []).map((m) => m.content),
        ...input.known.map((f) => f.statement),
      );
      const turn = messages
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n');
      const { facts, denied } = takeDenials(
        statedFacts(output.facts, turn, context),
        input.known,
        groundingWords(turn),
      );
      for (const uid of denied) if (!merged.contradicts.includes(uid)) merged.contradicts.push(uid);
      for (const f of wellShaped(facts))
        merged.triples.push({
          subject: f.subject,
          predicate: f.predicate,
          object: f.object,
          subjectType: f.subject_type,
          objectType: f.object_type,
        });
      const named = output.contradicted.flatMap((id) => byId.get(id.trim()) ?? []);
      for (const uid of notOnlyAdded(named, input.known, facts, turn)) {
        if (!merged.contradicts.includes(uid)) merged.contradicts.push(uid);
      }
      merged.summary ||= output.summary;
    }
    return merged;
  }

  /**
   * The turn as parts whose prompt fits the context with room for an answer: the whole turn, or
   * its user text cut at sentence boundaries (the assistant's words kept as context in each).
   */
  private async fitting(input: ExtractionInput, known: Known): Promise<ConversationMessage[][]> {
    const room = this.runtime.contextSize - this.maxTokens - 64;
    const size = async (messages: ConversationMessage[]) => {
      let tokens = 0;
      for (const m of buildExtractionPrompt(messages, known, input.at, input.previous))
        tokens += (await this.runtime.tokenize(m.content)).length + 8;
      return tokens;
    };
    if ((await size(input.messages)) <= room) return [input.messages];
    const context = input.messages.filter((m) => m.role !== 'user');
    const overhead = await size(context);
    if (overhead >= room)
      throw new ExtractionError(
        `the instructions, known facts and assistant context take ${overhead} of the model's ${this.runtime.contextSize} tokens of context; raise contextSize`,
        0,
      );
    const text = input.messages
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join('\n');
    // Characters per token of this text, to size the parts; each part is checked again.
    const perToken = text.length / Math.max(1, (await this.runtime.tokenize(text)).length);
    let chars = Math.max(200, Math.floor((room - overhead) * perToken * 0.9));
    for (;;) {
      const parts = chunkText(text, chars).map((chunk) => [
        ...context,
        { role: 'user' as const, content: chunk },
      ]);
      let fit = true;
      for (const part of parts) if ((await size(part)) > room) fit = false;
      if (fit) return parts;
      chars = Math.floor(chars * 0.7);
      if (chars < 50) throw new ExtractionError('a sentence of this turn does not fit the model context', 0);
    }
  }

  private async ask(
    prompt: ReturnType<typeof buildExtractionPrompt>,
    requests: number,
  ): Promise<ExtractionOutput> {
    // A small model may start over and over on the same fact until its token limit: the answer
    // is stopped at the first fact stated twice, and its facts so far kept (salvage).
    const circling = new AbortController();
    let repeated = false;
    let closed = 0;
    let generated: Awaited<ReturnType<LocalModelRuntime['generate']>>;
    try {
      generated = await this.runtime.generate(prompt, {
        shape: { jsonSchema: extractionJsonSchema() },
        maxTokens: this.maxTokens,
        signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), circling.signal]),
        onText: (text) => {
          // Checked each time an object closes.
          const closes = text.split('}').length - 1;
          if (repeated || closes === closed) return;
          closed = closes;
          if (repeatsItself(text)) {
            repeated = true;
            circling.abort();
          }
        },
      });
    } catch (error) {
      if (error instanceof ExtractionError) throw error;
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      if (/abort|timeout/i.test(message))
        throw new ExtractionError(
          `the local model did not answer within ${Math.round(this.timeoutMs / 1000)} s (timeoutMs)`,
          requests,
        );
      throw new ExtractionError(`the local model failed: ${message}`, requests);
    }
    if (repeated) return salvage(generated.text);
    if (generated.stop === 'abort')
      throw new ExtractionError(
        `the local model did not answer within ${Math.round(this.timeoutMs / 1000)} s (timeoutMs)`,
        requests,
      );
    if (generated.stop === 'maxTokens')
      throw new ExtractionError(
        `the local model's answer reached its token limit (${this.maxTokens}, maxTokens) before it was complete`,
        requests,
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(generated.text);
    } catch (error) {
      throw new ExtractionError(`the local model's answer is not JSON: ${String(error)}`, requests);
    }
    const checked = ExtractionOutput.safeParse(parsed);
    if (!checked.success)
      throw new ExtractionError(`invalid local model output: ${checked.error.message}`, requests);
    return checked.data;
  }
}

/**
 * A local model extractor for `createMemory({ extractor: localModel({ path }) })` (also
 * `KGMEM_MODEL=local:<file.gguf>`).
 *
 * @example
 * const memory = await createMemory({ extractor: localModel({ path: ".cache/llm/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf" }) });
 */
export function localModel(options: LocalModelOptions): LocalModelExtractor {
  return new LocalModelExtractor(options);
}
