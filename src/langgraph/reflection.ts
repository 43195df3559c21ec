import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { z } from 'zod';
import type { MemoryApi } from '../memory/api.js';
import {
  DEFAULT_AGENT_ID,
  type InstructionsVersion,
  MAX_INSTRUCTIONS_LENGTH,
} from '../memory/instructions.js';
import { episodeText } from '../model/episode-text.js';

/** The thread's last characters a reflection reads (feedback is recent, and the prompt stays small). */
const THREAD_CHARS = 6_000;

const Reflection = z.object({
  update: z.boolean().describe('true only when the user said how the assistant should behave or answer'),
  instructions: z
    .string()
    .max(MAX_INSTRUCTIONS_LENGTH)
    .describe(
      'the complete new instructions for this user (the current ones with the feedback applied); "" when update is false',
    ),
  reason: z.string().max(500).describe('the feedback, in a few words; "" when update is false'),
});

const PROMPT = `You keep the standing instructions an assistant follows with one user: how to behave and answer (length, tone, language, format, what to avoid).
Read the conversation. If the user gave feedback about the assistant's behaviour, write the complete new instructions: the current ones with the feedback applied, short imperative sentences. Facts about the user's life are not instructions. With no such feedback, answer update false.`;

/** Options of {@link reflectOnThread}. */
export interface ReflectionOptions {
  userId: string;
  threadId: string;
  /** @default "kgmem-agent" */
  agentId?: string;
}

/**
 * Reflection after a thread (procedural memory): one structured-output model call reads the
 * thread's stored turns and the user's current instructions and, when the user gave feedback
 * about how the agent should behave, writes a new version through `setInstructions` (reason
 * "reflection on thread …: <the feedback>"). Returns the new version, or `null` when there was
 * no feedback or the text did not change.
 */
export async function reflectOnThread(
  memory: MemoryApi,
  model: BaseChatModel,
  options: ReflectionOptions,
): Promise<InstructionsVersion | null> {
  const agentId = options.agentId ?? DEFAULT_AGENT_ID;
  const { userId, threadId } = options;
  const turns = await memory.listEpisodes(userId, { threadId });
  const thread = turns
    .map((t) => episodeText(t.messages))
    .join('\n')
    .slice(-THREAD_CHARS);
  if (thread.trim().length === 0) return null;
  const current = await memory.instructions(agentId, { userId });
  const reader = model.withStructuredOutput(Reflection, { name: 'reflection', method: 'functionCalling' });
  const answer = await reader.invoke([
    { role: 'system', content: PROMPT },
    {
      role: 'user',
      content: `Current instructions for this user:\n${current?.text ?? '(none)'}\n\nConversation:\n${thread}`,
    },
  ]);
  const text = answer.instructions.trim();
  if (!answer.update || text.length === 0 || text === current?.text) return null;
  const reason = `reflection on thread ${threadId}${answer.reason.trim() ? `: ${answer.reason.trim()}` : ''}`;
  return memory.setInstructions(agentId, text, { userId, reason });
}

/** Options of {@link reflectionNode}. */
export interface ReflectionNodeOptions {
  agentId: string;
  /** Reflect after every this many turns of a thread. @default 4 */
  everyTurns?: number;
  /** Resolves when the turns handed to memory so far are written (the reflection reads them). */
  written: () => Promise<void>;
  /** Told about a reflection that failed; the conversation is never affected. @default a console warning */
  onError?: (error: unknown) => void;
}

/** A graph node that reflects in the background, and a way to wait for it. */
export type ReflectionNode = ((
  state: unknown,
  config?: { configurable?: Record<string, unknown> },
) => Promise<Record<string, never>>) & { flush(): Promise<void> };

/**
 * A node for after `write_memories`: counts each thread's turns and, after every `everyTurns`-th,
 * runs {@link reflectOnThread} in the background once the turn is written.
 */
export function reflectionNode(
  memory: MemoryApi,
  model: BaseChatModel,
  options: ReflectionNodeOptions,
): ReflectionNode {
  const every = options.everyTurns ?? 4;
  const turns = new Map<string, number>();
  const running = new Set<Promise<void>>();
  const node = async (_state: unknown, config?: { configurable?: Record<string, unknown> }) => {
    const userId = config?.configurable?.user_id;
    const threadId = config?.configurable?.thread_id;
    if (typeof userId !== 'string' || typeof threadId !== 'string' || threadId.length === 0) return {};
    const key = JSON.stringify([userId, threadId]);
    const count = (turns.get(key) ?? 0) + 1;
    turns.set(key, count);
    if (count % every !== 0) return {};
    const job: Promise<void> = options
      .written()
      .then(() => reflectOnThread(memory, model, { agentId: options.agentId, userId, threadId }))
      .then(
        () => undefined,
        (error: unknown) => {
          if (options.onError) options.onError(error);
          else
            console.warn(`kgmem: reflecting on thread "${threadId}" of "${userId}" failed: ${String(error)}`);
        },
      )
      .finally(() => running.delete(job));
    running.add(job);
    return {};
  };
  const flush = async () => {
    while (running.size > 0) await Promise.all([...running]);
  };
  return Object.assign(node, { flush });
}
