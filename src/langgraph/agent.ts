import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { type BaseMessage, SystemMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { Annotation, END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import type { BaseCheckpointSaver, BaseStore } from '@langchain/langgraph-checkpoint';
import { DEFAULT_AGENT_ID } from '../memory/instructions.js';
import type { Memory } from '../memory/memory.js';
import type { RecalledFact } from '../model/types.js';
import { createInstructionsTool } from './instructions.js';
import { hasToolCalls } from './messages.js';
import { type LoadMemoriesOptions, loadMemories, writeMemories } from './nodes.js';
import { reflectionNode } from './reflection.js';
import { createMemoryTools } from './tools.js';

/** The memory agent's state: the conversation, the user's profile and what was recalled for the latest message. */
export const MemoryAgentState = Annotation.Root({
  ...MessagesAnnotation.spec,
  memoryContext: Annotation<string>({ reducer: (_old, next) => next, default: () => '' }),
  userProfile: Annotation<string>({ reducer: (_old, next) => next, default: () => '' }),
  learnedInstructions: Annotation<string>({ reducer: (_old, next) => next, default: () => '' }),
  recalledFacts: Annotation<RecalledFact[]>({ reducer: (_old, next) => next, default: () => [] }),
});

/** Options of {@link createMemoryAgent}. */
export interface MemoryAgentOptions extends LoadMemoriesOptions {
  /** A chat model that can call tools (`ChatOpenAI`, …). */
  model: BaseChatModel;
  memory: Memory;
  /** More tools besides `save_knowledge` and `search_memory`. */
  tools?: StructuredToolInterface[];
  /** Keeps each thread's messages between turns (`MemorySaver`, a database saver). */
  checkpointer?: BaseCheckpointSaver;
  /** A LangGraph store for the app's own use (a `KgmemStore`, say). */
  store?: BaseStore;
  /** Instructions before the remembered facts. */
  systemPrompt?: string;
  /**
   * The agent whose learned instructions (`memory.instructions`) the system message holds and
   * whose `update_instructions` tool writes them, per user. @default "kgmem-agent"
   */
  agentId?: string;
  /**
   * Background reflection (procedural memory): after every `everyTurns` turns of a thread, one
   * call of `model` (default: the agent's) reads the thread and, when the user gave feedback on
   * how the agent behaves, writes a new version of their instructions. @default off
   */
  reflection?: {
    model?: BaseChatModel;
    everyTurns?: number;
    /** Called when a reflection fails (the turn is answered all the same). @default a console warning */
    onError?: (error: unknown) => void;
  };
}

const DEFAULT_PROMPT =
  'You are a helpful assistant with long-term memory of this user. Use what you remember when it ' +
  'helps. When the user tells you something lasting about themselves or people, places and things ' +
  'in their life, save it with save_knowledge; use search_memory to look further. When they tell you ' +
  'how you should behave or answer, rewrite your instructions for them with update_instructions.';

/** The system message: the prompt, the user's profile, the learned instructions, then the recalled context. */
function systemMessage(prompt: string, state: typeof MemoryAgentState.State): SystemMessage {
  const context = state.memoryContext ? `What you remember:\n${state.memoryContext}` : '';
  const parts = [prompt, state.userProfile, state.learnedInstructions, context];
  return new SystemMessage(parts.filter(Boolean).join('\n\n'));
}

/**
 * A prebuilt LangGraph agent with kgmem memory: START → load_memories → agent ⇄ tools →
 * write_memories → reflect → END (reflect does nothing unless `reflection` is set). Threads (`configurable.thread_id`) are conversations, users
 * (`configurable.user_id`) are memory scopes: what one thread learns, another thread of the
 * same user recalls. The turn is remembered in the background after the reply; `flush()` waits
 * for those writes.
 *
 * @example
 * const agent = createMemoryAgent({ model: new ChatOpenAI({ model: "gpt-4o-mini" }), memory, checkpointer: new MemorySaver() });
 * await agent.invoke({ messages: [new HumanMessage("Hi, I'm Sasako.")] }, { configurable: { user_id: "sasako", thread_id: "1" } });
 * await agent.flush();
 */
export function createMemoryAgent(options: MemoryAgentOptions) {
  const { model, memory } = options;
  // save_knowledge defers to write_memories, which writes its triples with the turn's episode:
  // each turn's knowledge is recorded once, with the turn as its provenance.
  const agentId = options.agentId ?? DEFAULT_AGENT_ID;
  const tools = [
    ...createMemoryTools(memory, { saves: 'with-turn' }),
    createInstructionsTool(memory, agentId),
    ...(options.tools ?? []),
  ];
  if (typeof model.bindTools !== 'function') {
    throw new Error(
      'createMemoryAgent: the model cannot call tools (it has no bindTools); use a tool-calling chat model',
    );
  }
  const withTools = model.bindTools(tools);
  const prompt = options.systemPrompt ?? DEFAULT_PROMPT;
  const write = writeMemories(memory, { saves: 'with-turn' });
  const reflection = options.reflection;
  const reflect = reflection
    ? reflectionNode(memory, reflection.model ?? model, {
        agentId,
        written: () => write.flush(),
        ...(reflection.everyTurns !== undefined ? { everyTurns: reflection.everyTurns } : {}),
        ...(reflection.onError ? { onError: reflection.onError } : {}),
      })
    : undefined;

  const callModel = async (state: typeof MemoryAgentState.State, config?: RunnableConfig) => {
    const reply = await withTools.invoke([systemMessage(prompt, state), ...state.messages], config);
    return { messages: [reply as BaseMessage] };
  };
  const route = (state: typeof MemoryAgentState.State) =>
    hasToolCalls(state.messages.at(-1)) ? 'tools' : 'write_memories';

  const graph = new StateGraph(MemoryAgentState)
    .addNode('load_memories', loadMemories(memory, { ...options, agentId }))
    .addNode('agent', callModel)
    .addNode('tools', new ToolNode(tools))
    .addNode('write_memories', write)
    .addNode('reflect', reflect ?? (async () => ({})))
    .addEdge(START, 'load_memories')
    .addEdge('load_memories', 'agent')
    .addConditionalEdges('agent', route, ['tools', 'write_memories'])
    .addEdge('tools', 'agent')
    .addEdge('write_memories', 'reflect')
    .addEdge('reflect', END)
    .compile({
      ...(options.checkpointer ? { checkpointer: options.checkpointer } : {}),
      ...(options.store ? { store: options.store } : {}),
    });
  return Object.assign(graph, {
    /** Waits until every turn handed to memory has been written (and every reflection started is done). */
    flush: async () => {
      await write.flush();
      await reflect?.flush();
    },
  });
}
