import type { BaseMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { Memory } from '../memory/memory.js';
import type { RecalledFact } from '../model/types.js';
import { profileText } from '../profile/format.js';
import type { ProfileSchema } from '../profile/schema.js';
import { threadIdFrom, userIdFrom } from './config.js';
import { instructionsText } from './instructions.js';
import { lastTurn, roleOf, savedTriples, textOf } from './messages.js';

/** What {@link loadMemories} puts into the graph state. */
export interface LoadedMemories {
  /** The compact context block (within `maxChars`), `""` when nothing is known. */
  memoryContext: string;
  /** The ranked facts behind it. */
  recalledFacts: RecalledFact[];
  /** The user's profile as one paragraph ("About the user: home Kyoto; …"), `""` when empty or off. */
  userProfile: string;
  /** The agent's learned instructions (`agentId`), for every user and for this one; `""` when none. */
  learnedInstructions: string;
}

/** Options of {@link loadMemories}. */
export interface LoadMemoriesOptions {
  /** Facts to recall. @default 10 */
  limit?: number;
  /** Character budget of the context block (one bounded system tip). @default 900 */
  maxChars?: number;
  /**
   * The user's profile for the system message, read first as the seeds' agents do: its schema
   * and character budget, or `false` for none. @default the default schema, 600 characters
   */
  profile?: { schema?: ProfileSchema; maxChars?: number } | false;
  /** Read this agent's instructions (`memory.instructions`) for the system message. @default none */
  agentId?: string;
}

/**
 * A node for before the model: reads the user's profile and recalls what the user's memory knows
 * about their latest message, and returns `{userProfile, memoryContext, recalledFacts}` for the
 * state. No model call; a run without `configurable.user_id` fails with a message saying how to
 * pass it.
 */
export function loadMemories(
  memory: Memory,
  options: LoadMemoriesOptions = {},
): (state: { messages: BaseMessage[] }, config?: RunnableConfig) => Promise<LoadedMemories> {
  return async (state, config) => {
    const userId = userIdFrom(config, 'load_memories');
    const latest = [...state.messages].reverse().find((m) => roleOf(m) === 'human');
    const query = latest ? textOf(latest) : '';
    const profile = options.profile === false ? undefined : (options.profile ?? {});
    const userProfile = profile
      ? profileText(
          await memory.profile(userId, profile.schema ? { schema: profile.schema } : {}),
          profile.maxChars ?? 600,
        )
      : '';
    const learnedInstructions = options.agentId
      ? await instructionsText(memory, options.agentId, userId)
      : '';
    if (!query) return { userProfile, learnedInstructions, memoryContext: '', recalledFacts: [] };
    const { facts, context } = await memory.recall({
      userId,
      query: query.slice(0, 2000),
      limit: options.limit ?? 10,
      maxChars: options.maxChars ?? 900,
    });
    return { userProfile, learnedInstructions, memoryContext: context, recalledFacts: facts };
  };
}

/** A node that remembers in the background, and a way to wait for it. */
export type WriteMemoriesNode = ((
  state: { messages: BaseMessage[] },
  config?: RunnableConfig,
) => Promise<Record<string, never>>) & {
  /** Resolves when every write started so far has finished (tests, shutdown). */
  flush(): Promise<void>;
  /** Writes still running. */
  readonly pending: number;
};

/** Options of {@link writeMemories}. */
export interface WriteMemoriesOptions {
  /**
   * Told about every write that did not succeed: one that threw (a message over the limit, the
   * database closed) and one whose extraction failed (the turn is kept as a failed episode,
   * `memory.reextract` retries it). The reply is never affected.
   * @default a console warning
   */
  onError?: (error: unknown) => void;
  /**
   * `"with-turn"` when the agent's `save_knowledge` tool defers its writes
   * (`createMemoryTools(memory, { saves: "with-turn" })`): the triples it was called with in the
   * turn are written with the turn's episode, in place of extraction.
   * @default "now" (extraction reads the turn)
   */
  saves?: 'now' | 'with-turn';
}

/** A turn whose extraction failed: its episode is kept as failed and can be extracted again. */
export class TurnNotExtractedError extends Error {
  override readonly name = 'TurnNotExtractedError';
  constructor(
    /** The stored episode. */
    readonly episodeUid: string,
    reason: string,
  ) {
    super(
      `the turn was stored as episode ${episodeUid} but not extracted: ${reason}; memory.reextract() retries it`,
    );
  }
}

/**
 * A node for after the model: hands the turn (latest user message and the reply) to
 * `memory.remember()` in the background and returns at once, so memory never delays or fails
 * the reply. An extraction failure is kept as a failed episode (`memory.reextract` retries it).
 */
export function writeMemories(memory: Memory, options: WriteMemoriesOptions = {}): WriteMemoriesNode {
  const running = new Set<Promise<void>>();
  const node = async (state: { messages: BaseMessage[] }, config?: RunnableConfig) => {
    const userId = userIdFrom(config, 'write_memories');
    const turn = lastTurn(state.messages);
    if (turn.length === 0) return {};
    const threadId = threadIdFrom(config);
    const triples = options.saves === 'with-turn' ? savedTriples(state.messages) : [];
    const report = (error: unknown) => {
      if (options.onError) options.onError(error);
      else console.warn(`kgmem: remembering a turn for "${userId}" failed: ${String(error)}`);
    };
    const write = memory
      .remember({
        userId,
        messages: turn,
        ...(threadId ? { threadId } : {}),
        ...(triples.length > 0 ? { triples } : {}),
      })
      .then((result) => {
        if (result.status === 'failed')
          report(new TurnNotExtractedError(result.episodeUid, result.error ?? ''));
      }, report)
      .finally(() => running.delete(write));
    running.add(write);
    return {};
  };
  const flush = async () => {
    while (running.size > 0) await Promise.all([...running]);
  };
  return Object.defineProperties(node, {
    flush: { value: flush },
    pending: { get: () => running.size },
  }) as WriteMemoriesNode;
}
