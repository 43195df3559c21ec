import { join } from 'node:path';
import { HumanMessage } from '@langchain/core/messages';
import { MemorySaver } from '@langchain/langgraph';
import { ChatOpenAI } from '@langchain/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat, createChatAgent } from '../../examples/agent.js';
import { createMemoryAgent } from '../../src/langgraph/agent.js';
import { writeMemories } from '../../src/langgraph/nodes.js';
import { createMemoryTools } from '../../src/langgraph/tools.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { OpenAIStub, type StubReply, type StubRequest } from '../helpers/openai-stub.js';
import { tempDir } from '../helpers/temp-dir.js';

/** The agent model's side of the seed tutorial, played by the stub from what it is sent. */
function tutorialModel(request: StubRequest): StubReply {
  const messages = request.body.messages ?? [];
  // A reflection on a thread: feedback about the language is an update, anything else is none.
  if (request.body.tools?.some((t) => t.function.name === 'reflection')) {
    const asked = JSON.stringify(messages).includes('answer in Portuguese');
    return {
      kind: 'tool',
      name: 'reflection',
      arguments: asked
        ? { update: true, instructions: 'Answer in Portuguese.', reason: 'the user asked for Portuguese' }
        : { update: false, instructions: '', reason: '' },
    };
  }
  const last = messages.at(-1);
  if (last?.role === 'tool') return { kind: 'text', content: 'Got it, I will remember that.' };
  const said = String(last?.content ?? '');
  if (said.includes("I'm Sasako")) {
    return {
      kind: 'tool',
      name: 'save_knowledge',
      arguments: { triples: [{ subject: 'I', predicate: 'name', object_: 'Sasako' }] },
    };
  }
  if (said.includes('keep your answers short')) {
    return {
      kind: 'tool',
      name: 'update_instructions',
      arguments: { instructions: 'Keep answers short.', reason: 'the user asked for short answers' },
    };
  }
  if (said.includes('Polar bear likes Pizza')) {
    return {
      kind: 'tool',
      name: 'save_knowledge',
      arguments: {
        triples: [
          { subject: 'I', predicate: 'friend', object: 'Polar bear' },
          { subject: 'Polar bear', predicate: 'likes', object: 'Pizza' },
        ],
      },
    };
  }
  return { kind: 'text', content: 'Happy to help.' };
}

const systemOf = (request: StubRequest | undefined) =>
  String(request?.body.messages?.find((m) => m.role === 'system')?.content ?? '');

describe('LangGraph agent with kgmem memory (ChatOpenAI against a loopback stub)', () => {
  let dir: { path: string; remove: () => void };
  let memory: Memory;
  let stub: OpenAIStub;
  let model: ChatOpenAI;

  beforeAll(async () => {
    dir = tempDir('kgmem-agent-');
    memory = await createMemory({ dataDir: join(dir.path, 'data'), env: {} });
    stub = new OpenAIStub();
    stub.fallback = tutorialModel;
    const baseURL = await stub.start();
    model = new ChatOpenAI({
      model: 'stub-model',
      apiKey: 'sk-test',
      configuration: { baseURL },
      maxRetries: 0,
    });
  });

  afterAll(async () => {
    await memory.close();
    await stub.stop();
    dir.remove();
  });

  it('runs the seed tutorial: save_knowledge in thread 1, recalled before the model in thread 2, not for another user', async () => {
    const agent = createChatAgent(memory, model);
    expect(await chat(agent, 'sasako', 'thread-1', "Hi, I'm Sasako.")).toBe('Got it, I will remember that.');
    await chat(agent, 'sasako', 'thread-1', 'My friend Polar bear likes Pizza.');
    await agent.flush();

    const saved = (await memory.facts('sasako')).map((f) => f.statement);
    expect(saved).toEqual(expect.arrayContaining(["User's name is Sasako", 'Polar bear likes Pizza']));
    const toolResults = stub.requests.flatMap((r) => r.body.messages ?? []).filter((m) => m.role === 'tool');
    expect(toolResults.map((m) => m.content)).toContain(
      'Noted 2 fact(s); they are saved with this turn of the conversation.',
    );
    // Recorded once: with the turn's episode as provenance, one mention each, no extra extraction.
    const pizza = (await memory.facts('sasako')).find((f) => f.statement === 'Polar bear likes Pizza');
    expect(pizza?.mentions).toBe(1);
    const [, secondEpisode] = await memory.listEpisodes('sasako');
    expect(pizza?.episodeIds).toEqual([secondEpisode?.uid]);
    // The checkpointer kept thread 1: its second request carried the first message.
    const secondTurn = stub.requests.find((r) => JSON.stringify(r.body.messages).includes('likes Pizza.'));
    expect(JSON.stringify(secondTurn?.body.messages)).toContain("Hi, I'm Sasako.");

    const before = stub.requests.length;
    const config = { configurable: { user_id: 'sasako', thread_id: 'thread-2' } };
    const state = await agent.invoke(
      { messages: [new HumanMessage("What food should I bring to Polar bear's party?")] },
      config,
    );
    expect(state.memoryContext).toContain('Polar bear likes Pizza');
    expect(state.recalledFacts.map((f) => f.statement)).toContain('Polar bear likes Pizza');
    // The model saw it: the first request of thread 2 had the fact in its one system message.
    const firstOfThread2 = stub.requests[before];
    expect(systemOf(firstOfThread2)).toContain('Polar bear likes Pizza');
    expect(firstOfThread2?.body.messages?.filter((m) => m.role === 'system')).toHaveLength(1);
    // The profile comes first, as the seeds' agents read it: her name and her friend with what he likes.
    expect(state.userProfile).toBe('About the user: name Sasako; friends Polar bear (likes Pizza).');
    expect(systemOf(firstOfThread2)).toContain(
      'About the user: name Sasako; friends Polar bear (likes Pizza).',
    );
    expect(systemOf(firstOfThread2).indexOf('About the user')).toBeLessThan(
      systemOf(firstOfThread2).indexOf('What you remember'),
    );
    // Thread 2 does not carry thread 1's messages (what it knows of them comes through memory).
    const conversation = firstOfThread2?.body.messages?.filter((m) => m.role !== 'system') ?? [];
    expect(JSON.stringify(conversation)).not.toContain("Hi, I'm Sasako.");

    const other = await agent.invoke(
      { messages: [new HumanMessage("What food should I bring to Polar bear's party?")] },
      { configurable: { user_id: 'marco', thread_id: 'thread-1' } },
    );
    expect(other.memoryContext).toBe('');
    expect(other.userProfile).toBe('');
    expect(other.recalledFacts).toEqual([]);
    expect(systemOf(stub.requests.at(-1))).not.toContain('Pizza');
    await agent.flush();

    // writeMemories remembered every turn as an episode of its thread.
    const episodes = await memory.listEpisodes('sasako');
    expect(episodes.map((e) => e.threadId)).toEqual(['thread-1', 'thread-1', 'thread-2']);
    expect(episodes[1]?.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('fails clearly without a user id, in the graph and in the tools', async () => {
    const agent = createMemoryAgent({ model, memory });
    await expect(
      agent.invoke({ messages: [new HumanMessage('hello')] }, { configurable: { thread_id: 't' } }),
    ).rejects.toThrow(/load_memories needs a user id: invoke with \{ configurable: \{ user_id/);
    const [saveKnowledge, searchMemory] = createMemoryTools(memory);
    await expect(
      saveKnowledge?.invoke({ triples: [{ subject: 'I', predicate: 'likes', object: 'tea' }] }),
    ).rejects.toThrow(/save_knowledge needs a user id/);
    await expect(searchMemory?.invoke({ query: 'tea' }, { configurable: {} })).rejects.toThrow(
      /search_memory needs a user id/,
    );
    await expect(
      saveKnowledge?.invoke({ triples: [] }, { configurable: { user_id: 'u' } }),
    ).rejects.toThrow();
    const found = await searchMemory?.invoke(
      { query: 'Polar bear food' },
      { configurable: { user_id: 'sasako' } },
    );
    expect(found).toContain('Polar bear likes Pizza');
  });

  it('merges two names of one thing and splits them back through the tools, for the configured user only', async () => {
    const tools = createMemoryTools(memory);
    const byName = (name: string) => tools.find((t) => t.name === name);
    const config = { configurable: { user_id: 'merging' } };
    await memory.addTriples('merging', [
      { subject: 'Grandpa', predicate: 'likes', object: 'chess' },
      { subject: 'Joao Silva', predicate: 'lives in', object: 'Braga' },
    ]);
    const merged = await byName('merge_entities')?.invoke({ keep: 'Joao Silva', other: 'Grandpa' }, config);
    expect(merged).toBe(
      'Merged "Grandpa" into Joao Silva: 1 facts moved; "Grandpa" is now one of its names.',
    );
    expect((await memory.facts('merging', { entity: 'Grandpa' })).map((f) => f.object).sort()).toEqual([
      'Braga',
      'chess',
    ]);
    await expect(
      byName('merge_entities')?.invoke(
        { keep: 'Joao Silva', other: 'Grandpa' },
        { configurable: { user_id: 'other' } },
      ),
    ).rejects.toThrow(/no entity/);
    expect(await byName('split_entity')?.invoke({ entity: 'Joao Silva', alias: 'Grandpa' }, config)).toBe(
      'Split Grandpa off Joao Silva: 1 facts moved.',
    );
    expect((await memory.facts('merging', { entity: 'Grandpa' })).map((f) => f.object)).toEqual(['chess']);
  });

  it('learns instructions from feedback: update_instructions writes a version, the next turn is told it, other users are not', async () => {
    await memory.setInstructions('concierge', 'Greet the user by name.', { reason: 'house style' });
    const agent = createMemoryAgent({ model, memory, agentId: 'concierge', checkpointer: new MemorySaver() });
    const config = { configurable: { user_id: 'tomas', thread_id: 'feedback' } };
    await agent.invoke({ messages: [new HumanMessage('Please keep your answers short.')] }, config);
    await agent.flush();
    const saved = await memory.instructions('concierge', { userId: 'tomas' });
    expect(saved).toMatchObject({
      version: 1,
      text: 'Keep answers short.',
      reason: 'the user asked for short answers',
    });
    const toolReply = stub.requests.at(-1)?.body.messages?.find((m) => m.role === 'tool');
    expect(toolReply?.content).toContain('Saved as version 1');

    const before = stub.requests.length;
    const state = await agent.invoke({ messages: [new HumanMessage('What is new?')] }, config);
    expect(state.learnedInstructions).toBe(
      'How to behave (learned from feedback):\nGreet the user by name.\nFor this user: Keep answers short.',
    );
    expect(systemOf(stub.requests[before])).toContain('For this user: Keep answers short.');
    const other = await agent.invoke(
      { messages: [new HumanMessage('What is new?')] },
      { configurable: { user_id: 'uma', thread_id: 'feedback' } },
    );
    expect(other.learnedInstructions).toBe('How to behave (learned from feedback):\nGreet the user by name.');
    expect(systemOf(stub.requests.at(-1))).not.toContain('Keep answers short');
    await agent.flush();
  });

  it('reflects in the background after every n turns of a thread: feedback becomes a new version, none writes nothing', async () => {
    const agent = createMemoryAgent({
      model,
      memory,
      agentId: 'reflective',
      reflection: { everyTurns: 2 },
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { user_id: 'vera', thread_id: 'r1' } };
    await agent.invoke(
      { messages: [new HumanMessage('Could you answer in Portuguese from now on?')] },
      config,
    );
    await agent.flush();
    expect(await memory.instructions('reflective', { userId: 'vera' })).toBeNull();
    await agent.invoke({ messages: [new HumanMessage('Thanks!')] }, config);
    await agent.flush();
    expect(await memory.instructions('reflective', { userId: 'vera' })).toMatchObject({
      version: 1,
      text: 'Answer in Portuguese.',
      reason: 'reflection on thread r1: the user asked for Portuguese',
    });
    const before = stub.requests.length;
    await agent.invoke({ messages: [new HumanMessage('Bom dia!')] }, config);
    expect(systemOf(stub.requests[before])).toContain('For this user: Answer in Portuguese.');

    const quiet = { configurable: { user_id: 'walt', thread_id: 'r2' } };
    await agent.invoke({ messages: [new HumanMessage('Hello there.')] }, quiet);
    await agent.invoke({ messages: [new HumanMessage('Nice weather.')] }, quiet);
    await agent.flush();
    expect(stub.requests.some((r) => r.body.tools?.[0]?.function.name === 'reflection')).toBe(true);
    expect(await memory.instructionVersions('reflective', { userId: 'walt' })).toEqual([]);
  });

  it('returns the reply even when extraction fails; the turn is kept as a failed episode', async () => {
    const broken = new OpenAIStub();
    broken.fallback = { kind: 'status', status: 500, message: 'extractor down' };
    const brokenUrl = await broken.start();
    const failing = await createMemory({
      dataDir: join(dir.path, 'failing'),
      env: {},
      extractor: new ChatOpenAI({
        model: 'down',
        apiKey: 'sk-test',
        configuration: { baseURL: brokenUrl },
        maxRetries: 0,
      }),
    });
    try {
      const agent = createMemoryAgent({ model, memory: failing, checkpointer: new MemorySaver() });
      const state = await agent.invoke(
        { messages: [new HumanMessage('Something nice happened today.')] },
        { configurable: { user_id: 'ines', thread_id: 't1' } },
      );
      expect(state.messages.at(-1)?.content).toBe('Happy to help.');
      await agent.flush();
      const [episode] = await failing.listEpisodes('ines');
      expect(episode?.status).toBe('failed');
      expect(episode?.error).toMatch(/500|extractor down/);
      expect(broken.requests.length).toBeGreaterThan(0);
    } finally {
      await failing.close();
      await broken.stop();
    }
  });

  it('writeMemories never throws into the graph and flush waits for pending writes', async () => {
    const errors: unknown[] = [];
    const closed = await createMemory({ dataDir: join(dir.path, 'closed'), env: {} });
    await closed.close();
    const write = writeMemories(closed, { onError: (error) => errors.push(error) });
    const result = await write(
      { messages: [new HumanMessage('I live in Lisbon.')] },
      { configurable: { user_id: 'u1', thread_id: 't1' } },
    );
    expect(result).toEqual({});
    expect(write.pending).toBe(1);
    await write.flush();
    expect(write.pending).toBe(0);
    expect(errors).toHaveLength(1);
  });
});
