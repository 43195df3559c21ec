import { cpus } from 'node:os';
import type {
  Llama,
  LlamaContext,
  LlamaContextSequence,
  LlamaGrammar,
  LlamaModel,
  Token,
} from 'node-llama-cpp';
import { ExtractionError } from './errors.js';
import type { PromptMessage } from './prompt.js';

/** Options of a {@link LocalModelRuntime}. */
export interface LocalRuntimeOptions {
  /** The model file (GGUF). */
  path: string;
  /** CPU threads for generation. @default the machine's cores */
  threads?: number;
  /** Tokens of context (prompt and answer). @default 4096 */
  contextSize?: number;
}

/** One generation's outcome: the text, and why it stopped. */
export interface Generated {
  text: string;
  /** `eos` (complete), `maxTokens`, `abort` (timeout or the caller stopped it). */
  stop: 'eos' | 'maxTokens' | 'abort';
}

/** A grammar the answer must follow: a JSON schema, any JSON, or none. */
export type AnswerShape = { jsonSchema: Record<string, unknown> } | 'json' | 'text';

/**
 * A GGUF model in this process (node-llama-cpp, an optional dependency loaded only here, with its
 * prebuilt binaries: nothing is downloaded or built at run time). The model and one context load
 * on first use; generations run one at a time, each in a fresh chat on the context. Shared by the
 * local extractor and the local OpenAI-compatible server.
 */
export class LocalModelRuntime {
  readonly contextSize: number;
  private loaded:
    | Promise<{ llama: Llama; model: LlamaModel; context: LlamaContext; sequence: LlamaContextSequence }>
    | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();

  constructor(readonly options: LocalRuntimeOptions) {
    this.contextSize = options.contextSize ?? 4096;
  }

  /** The model's tokens of a text (to size prompts). */
  async tokenize(text: string): Promise<Token[]> {
    return (await this.load()).model.tokenize(text);
  }

  /**
   * Generates the answer to the last message of `messages` (the ones before are the chat so
   * far), constrained to `shape`; `onText` sees the text as it grows and may stop it.
   */
  generate(
    messages: readonly PromptMessage[],
    options: {
      shape: AnswerShape;
      maxTokens: number;
      signal?: AbortSignal;
      onText?: (text: string) => void;
      temperature?: number;
    },
  ): Promise<Generated> {
    const run = this.queue.then(() => this.generateNow(messages, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Frees the model and its context. */
  async dispose(): Promise<void> {
    const loaded = await this.loaded?.catch(() => undefined);
    this.loaded = undefined;
    this.grammars.clear();
    await loaded?.context.dispose();
    await loaded?.model.dispose();
  }

  private async generateNow(
    messages: readonly PromptMessage[],
    options: Parameters<LocalModelRuntime['generate']>[1],
  ): Promise<Generated> {
    const { sequence } = await this.load();
    const { LlamaChatSession } = await import('node-llama-cpp');
    const grammar = await this.grammar(options.shape);
    // One sequence for every request: its cache keeps the evaluated tokens, so a prompt that
    // starts like the last one (the instructions and worked examples) is evaluated from where
    // they differ, not from its start.
    const session = new LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
    const last = messages[messages.length - 1];
    session.setChatHistory(
      messages
        .slice(0, -1)
        .map((m) =>
          m.role === 'system'
            ? { type: 'system' as const, text: m.content }
            : m.role === 'user'
              ? { type: 'user' as const, text: m.content }
              : { type: 'model' as const, response: [m.content] },
        ),
    );
    let text = '';
    try {
      const answer = await session.promptWithMeta(last?.content ?? '', {
        ...(grammar ? { grammar } : {}),
        maxTokens: options.maxTokens,
        temperature: options.temperature ?? 0,
        ...(options.signal ? { signal: options.signal, stopOnAbortSignal: true } : {}),
        onTextChunk: (chunk) => {
          text += chunk;
          options.onText?.(text);
        },
      });
      const stop =
        answer.stopReason === 'maxTokens' ? 'maxTokens' : answer.stopReason === 'abort' ? 'abort' : 'eos';
      return { text: answer.responseText, stop };
    } finally {
      session.dispose({ disposeSequence: false });
    }
  }

  private async grammar(shape: AnswerShape): Promise<LlamaGrammar | undefined> {
    if (shape === 'text') return undefined;
    const key = shape === 'json' ? 'json' : JSON.stringify(shape.jsonSchema);
    let grammar = this.grammars.get(key);
    if (!grammar) {
      const { llama } = await this.load();
      grammar =
        shape === 'json'
          ? llama.getGrammarFor('json')
          : llama.createGrammarForJsonSchema(shape.jsonSchema as never);
      this.grammars.set(key, grammar);
      grammar.catch(() => this.grammars.delete(key));
    }
    return grammar;
  }

  private load(): Promise<{
    llama: Llama;
    model: LlamaModel;
    context: LlamaContext;
    sequence: LlamaContextSequence;
  }> {
    this.loaded ??= (async () => {
      let lib: typeof import('node-llama-cpp');
      try {
        lib = await import('node-llama-cpp');
      } catch (error) {
        throw new ExtractionError(
          `local models need the node-llama-cpp package (npm install node-llama-cpp): ${String(error)}`,
          0,
        );
      }
      const llama = await lib.getLlama({ build: 'never', gpu: false, logLevel: lib.LlamaLogLevel.error });
      const model = await llama.loadModel({ modelPath: this.options.path });
      const context = await model.createContext({
        contextSize: this.contextSize,
        threads: this.options.threads ?? cpus().length,
      });
      return { llama, model, context, sequence: context.getSequence() };
    })();
    this.loaded.catch(() => {
      this.loaded = undefined;
    });
    return this.loaded;
  }
}
