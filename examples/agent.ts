/**
 * A chat agent with long-term memory: `OPENAI_API_KEY=… npx tsx examples/agent.ts sasako`.
 * Each run is a new thread; what you told it in earlier threads comes back through recall.
 * Type a message per line; an empty line or Ctrl-D ends.
 */
import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage } from '@langchain/core/messages';
import { MemorySaver } from '@langchain/langgraph';
import { ChatOpenAI } from '@langchain/openai';
import { createMemory, createMemoryAgent, type Memory } from '../src/index.js';

/** The example's agent: kgmem memory, an in-process checkpointer for the thread's messages. */
export function createChatAgent(memory: Memory, model: BaseChatModel) {
  return createMemoryAgent({ model, memory, checkpointer: new MemorySaver() });
}

/** Sends one message in a thread and returns the reply's text. */
export async function chat(
  agent: ReturnType<typeof createChatAgent>,
  userId: string,
  threadId: string,
  text: string,
): Promise<string> {
  const state = await agent.invoke(
    { messages: [new HumanMessage(text)] },
    { configurable: { user_id: userId, thread_id: threadId } },
  );
  const reply = state.messages.at(-1);
  return typeof reply?.content === 'string' ? reply.content : JSON.stringify(reply?.content ?? '');
}

async function main(): Promise<void> {
  if (!process.env.OPENAI_API_KEY) {
    console.error(
      'examples/agent.ts talks to a model: set OPENAI_API_KEY (and OPENAI_BASE_URL for a compatible server).',
    );
    process.exitCode = 1;
    return;
  }
  const userId = process.argv[2] ?? 'me';
  const threadId = process.argv[3] ?? `thread-${Date.now()}`;
  const memory = await createMemory();
  const agent = createChatAgent(memory, new ChatOpenAI({ model: process.env.KGMEM_MODEL ?? 'gpt-4o-mini' }));
  const input = createInterface({ input: process.stdin, output: process.stdout });
  console.log(`user ${userId}, thread ${threadId} — an empty line ends`);
  try {
    for (;;) {
      const line = (await input.question('you> ').catch(() => '')).trim();
      if (!line) break;
      console.log(`agent> ${await chat(agent, userId, threadId, line)}`);
    }
  } finally {
    input.close();
    await agent.flush();
    await memory.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
