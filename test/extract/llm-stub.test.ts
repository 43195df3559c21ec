import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { OpenAIStub } from '../helpers/openai-stub.js';
import { tempDir } from '../helpers/temp-dir.js';

const fact = (
  subject: string,
  predicate: string,
  object: string,
  subjectType = 'person',
  objectType = 'thing',
) => ({
  subject,
  subject_type: subjectType,
  predicate,
  object,
  object_type: objectType,
});
const output = (facts: ReturnType<typeof fact>[], contradicted: string[] = [], summary = '') => ({
  facts,
  contradicted,
  summary,
});

describe('remember() through the real ChatOpenAI client and a local OpenAI-compatible stub', () => {
  let stub: OpenAIStub;
  let dir: { path: string; remove: () => void };
  let memory: Memory;

  beforeEach(async () => {
    stub = new OpenAIStub();
    const baseUrl = await stub.start();
    dir = tempDir('kgmem-llm-');
    // The default wiring from the environment: ChatOpenAI with OPENAI_BASE_URL and KGMEM_MODEL.
    memory = await createMemory({
      dataDir: dir.path,
      embeddings: new HashingEmbeddings({ dimension: 64 }),
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: baseUrl, KGMEM_MODEL: 'stub-model' },
    });
  });

  afterEach(async () => {
    await memory.close();
    await stub.stop();
    dir.remove();
  });

  it('makes exactly one model request per turn on the happy path and stores the facts with provenance', async () => {
    expect(memory.extractor.description).toBe('llm:stub-model');
    stub.reply({
      kind: 'tool',
      arguments: output([fact('user', 'name', 'Sasako')], [], 'Sasako introduces herself'),
    });
    const first = await memory.remember({
      userId: 'sasako',
      threadId: 't1',
      messages: [new HumanMessage("Hi, I'm Sasako."), new AIMessage('Hello Sasako!')],
    });
    expect(first).toMatchObject({ status: 'extracted', added: 1, requests: 1 });
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]?.body.model).toBe('stub-model');
    // Structured output by json_schema, the schema named after the tool it would be (the default).
    const format = (stub.requests[0]?.body ?? {}) as {
      response_format?: { json_schema?: { name?: string } };
    };
    expect(format.response_format?.json_schema?.name).toBe('record_memory');

    stub.reply({
      kind: 'tool',
      arguments: output([
        fact('user', 'friend', 'Polar bear', 'person', 'person'),
        fact('Polar bear', 'likes', 'pizza', 'person', 'food'),
      ]),
    });
    const second = await memory.remember({
      userId: 'sasako',
      threadId: 't1',
      messages: [{ role: 'user', content: 'My friend Polar bear likes Pizza.' }],
    });
    expect(second).toMatchObject({ status: 'extracted', added: 2, requests: 1 });
    expect(stub.requests).toHaveLength(2);

    const [episode] = await memory.listEpisodes('sasako', { uids: [first.episodeUid] });
    expect(episode).toMatchObject({
      status: 'extracted',
      threadId: 't1',
      summary: 'Sasako introduces herself',
    });
    expect(episode?.messages).toEqual([
      { role: 'user', content: "Hi, I'm Sasako." },
      { role: 'assistant', content: 'Hello Sasako!' },
    ]);
    const pizza = (await memory.facts('sasako')).find((f) => f.object === 'pizza');
    expect(pizza?.episodeIds).toEqual([second.episodeUid]);
    const bear = (await memory.entities('sasako')).find((e) => e.name === 'Polar bear');
    expect(bear?.type).toBe('person');

    const recall = await memory.recall({
      userId: 'sasako',
      query: "What food should I bring to Polar bear's party?",
    });
    expect(recall.context).toContain('Polar bear likes pizza');
    expect(stub.requests).toHaveLength(2);
  });

  it('shows known facts in the prompt and closes the ones the model says are contradicted', async () => {
    stub.reply({
      kind: 'tool',
      arguments: output([fact('user', 'favourite_food', 'sushi', 'person', 'food')]),
    });
    await memory.remember({
      userId: 'u',
      messages: [{ role: 'user', content: 'My favourite food is sushi.' }],
    });
    stub.reply({
      kind: 'tool',
      arguments: output([fact('user', 'favourite_food', 'ramen', 'person', 'food')], ['F1']),
    });
    const result = await memory.remember({
      userId: 'u',
      messages: [{ role: 'user', content: 'Actually my favourite food is ramen now, not sushi.' }],
    });
    const prompt = stub.requests[1]?.body.messages?.map((m) => m.content).join('\n') ?? '';
    expect(prompt).toMatch(/F1: User's favourite food is sushi/);
    expect(result).toMatchObject({ status: 'extracted', added: 1, invalidated: 1, requests: 1 });
    const history = await memory.facts('u', { includeHistory: true });
    const sushi = history.find((f) => f.object === 'sushi');
    const ramen = history.find((f) => f.object === 'ramen');
    expect(sushi?.validTo).toBeInstanceOf(Date);
    expect(sushi?.invalidatedBy).toBe(result.episodeUid);
    expect(sushi?.supersededBy).toBe(ramen?.uid);
    expect((await memory.facts('u')).map((f) => f.object)).toEqual(['ramen']);
  });

  it('stores a denial a model writes in the not_ form and closes the known fact it denies by another name', async () => {
    stub.reply({ kind: 'tool', arguments: output([fact('user', 'owns', 'Honda Civic', 'person', 'thing')]) });
    await memory.remember({ userId: 'u', messages: [{ role: 'user', content: 'I drive a Honda Civic.' }] });
    stub.reply({
      kind: 'tool',
      arguments: output([
        fact('user', 'no_longer_owns', 'Civic', 'person', 'thing'),
        fact('user', 'owns', 'Kia', 'person', 'thing'),
      ]),
    });
    const result = await memory.remember({
      userId: 'u',
      messages: [{ role: 'user', content: 'Sold the Civic, bought a Kia.' }],
    });
    expect(result).toMatchObject({ status: 'extracted', added: 2, invalidated: 1 });
    const history = await memory.facts('u', { includeHistory: true });
    expect(
      history.map((f) => `${f.predicate} ${f.object} ${f.validTo ? 'closed' : 'current'}`).sort(),
    ).toEqual(['not_owns Civic current', 'owns Honda Civic closed', 'owns Kia current']);
  });

  it('keeps a known fact a model closes when the turn only adds to it ("also")', async () => {
    stub.reply({
      kind: 'tool',
      arguments: output([fact('Ana', 'is_allergic_to', 'shellfish', 'person', 'food')]),
    });
    await memory.remember({
      userId: 'u',
      messages: [{ role: 'user', content: 'Ana is allergic to shellfish.' }],
    });
    stub.reply({
      kind: 'tool',
      arguments: output([fact('Ana', 'is_allergic_to', 'peanuts', 'person', 'food')], ['F1']),
    });
    const result = await memory.remember({
      userId: 'u',
      messages: [{ role: 'user', content: 'Ana is also allergic to peanuts.' }],
    });
    expect(result).toMatchObject({ status: 'extracted', added: 1, invalidated: 0 });
    expect((await memory.facts('u')).map((f) => f.object).sort()).toEqual(['peanuts', 'shellfish']);
  });

  it('does not process the same turn twice', async () => {
    stub.reply({ kind: 'tool', arguments: output([fact('user', 'likes', 'tea')]) });
    const turn = { userId: 'u', threadId: 't', messages: [{ role: 'user', content: 'I like tea.' }] };
    expect((await memory.remember(turn)).status).toBe('extracted');
    expect(await memory.remember(turn)).toMatchObject({ status: 'duplicate', requests: 0 });
    expect(stub.requests).toHaveLength(1);
    expect((await memory.facts('u'))[0]?.mentions).toBe(1);
    // The same words in another thread are another turn.
    stub.reply({ kind: 'tool', arguments: output([fact('user', 'likes', 'tea')]) });
    expect(await memory.remember({ ...turn, threadId: 't2' })).toMatchObject({
      status: 'extracted',
      updated: 1,
    });
  });

  it('retries malformed JSON once with the error in the prompt', async () => {
    stub.reply(
      { kind: 'tool', arguments: '{"facts": [ not json' },
      {
        kind: 'tool',
        arguments: output([fact('user', 'likes', 'tea')]),
      },
    );
    const result = await memory.remember({
      userId: 'u',
      messages: [{ role: 'user', content: 'I like tea.' }],
    });
    expect(result).toMatchObject({ status: 'extracted', added: 1, requests: 2 });
    const repair = stub.requests[1]?.body.messages?.at(-1)?.content ?? '';
    expect(repair).toMatch(/previous answer could not be used/);
  });

  it('retries after HTTP 429 with backoff', async () => {
    stub.reply(
      { kind: 'status', status: 429, message: 'Rate limit reached' },
      {
        kind: 'tool',
        arguments: output([fact('user', 'likes', 'tea')]),
      },
    );
    const result = await memory.remember({
      userId: 'u',
      messages: [{ role: 'user', content: 'I like tea.' }],
    });
    expect(result).toMatchObject({ status: 'extracted', added: 1, requests: 2 });
  });

  it('retries after HTTP 500 and stores what the second answer says', async () => {
    stub.reply(
      { kind: 'status', status: 500, message: 'internal error' },
      { kind: 'tool', arguments: output([fact('user', 'lives_in', 'Cork', 'person', 'place')]) },
    );
    const result = await memory.remember({
      userId: 'u',
      messages: [{ role: 'user', content: 'Moved. Cork now.' }],
    });
    expect(result).toMatchObject({ status: 'extracted', added: 1, requests: 2 });
  });

  it('never stores a placeholder ("None", "unknown", "N/A"), and a turn of placeholders closes nothing', async () => {
    stub.reply({ kind: 'tool', arguments: output([fact('user', 'lives_in', 'Denver', 'person', 'place')]) });
    await memory.remember({ userId: 'u', messages: [{ role: 'user', content: 'I live in Denver.' }] });
    stub.reply({
      kind: 'tool',
      arguments: output(
        [
          fact('user', 'lives_in', 'None', 'person', 'place'),
          fact('user', 'works_at', 'unknown', 'person', 'organization'),
          fact('user', 'works_as', ' N/A ', 'person', 'role'),
        ],
        ['F1'],
      ),
    });
    const hypothetical = await memory.remember({
      userId: 'u',
      messages: [{ role: 'user', content: "I'm thinking about quitting and moving to Austin." }],
    });
    expect(hypothetical).toMatchObject({ status: 'extracted', added: 0, invalidated: 0 });
    const facts = await memory.facts('u', { includeHistory: true });
    expect(facts.map((f) => [f.object, f.validTo])).toEqual([['Denver', null]]);
    expect((await memory.entities('u')).map((e) => e.name).sort()).toEqual(['Denver', 'User']);
  });

  it('keeps the episode as failed when the server keeps failing, and reextract succeeds later', async () => {
    stub.fallback = { kind: 'status', status: 500, message: 'upstream exploded' };
    const turn = { userId: 'u', threadId: 't', messages: [{ role: 'user', content: 'I live in Lisbon.' }] };
    const failed = await memory.remember(turn);
    expect(failed).toMatchObject({ status: 'failed', added: 0, requests: 3 });
    expect(failed.error).toMatch(/500/);
    expect(stub.requests).toHaveLength(3);
    const [episode] = await memory.listEpisodes('u');
    expect(episode).toMatchObject({ status: 'failed', threadId: 't' });
    expect(episode?.messages[0]?.content).toBe('I live in Lisbon.');
    expect(episode?.error).toMatch(/500/);
    expect(await memory.facts('u')).toEqual([]);

    // The server recovers: the kept episode is extracted from its stored messages.
    stub.fallback = {
      kind: 'tool',
      arguments: output([fact('user', 'lives_in', 'Lisbon', 'person', 'place')]),
    };
    const results = await memory.reextract('u', { failedOnly: true });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ status: 'extracted', added: 1, episodeUid: failed.episodeUid });
    expect((await memory.listEpisodes('u'))[0]?.status).toBe('extracted');
    expect((await memory.facts('u'))[0]).toMatchObject({ object: 'Lisbon', episodeIds: [failed.episodeUid] });
    expect(await memory.reextract('u')).toEqual([]);
  });

  it('rejects extra fields and wrong types (validated by zod) and stores nothing of them', async () => {
    stub.reply(
      { kind: 'tool', arguments: { ...output([fact('user', 'likes', 'tea')]), confidence: 'very' } },
      {
        kind: 'tool',
        arguments: { facts: [{ subject: 'user', predicate: 42, object: ['tea'] }], contradicted: [] },
      },
    );
    const result = await memory.remember({
      userId: 'u',
      messages: [{ role: 'user', content: 'I like tea.' }],
    });
    expect(result).toMatchObject({ status: 'failed', requests: 2 });
    expect(result.error).toMatch(/invalid model output/);
    expect(await memory.facts('u')).toEqual([]);
    expect((await memory.listEpisodes('u'))[0]?.status).toBe('failed');
  });

  it('keeps another user out of the prompt', async () => {
    stub.fallback = {
      kind: 'tool',
      arguments: output([fact('user', 'lives_in', 'Paris', 'person', 'place')]),
    };
    await memory.remember({ userId: 'alice', messages: [{ role: 'user', content: 'I live in Paris.' }] });
    await memory.remember({
      userId: 'bob',
      messages: [{ role: 'user', content: 'Where do I live? Paris?' }],
    });
    const bobPrompt = stub.requests[1]?.body.messages?.map((m) => m.content).join('\n') ?? '';
    expect(bobPrompt).toMatch(/Known facts:\n\(none\)/);
  });

  it('rejects malformed input before storing anything', async () => {
    await expect(memory.remember({ userId: 'u', messages: [] })).rejects.toMatchObject({
      name: 'InvalidInputError',
    });
    await expect(
      memory.remember({ userId: 'u', messages: [{ role: 'wizard', content: 'hi' }] }),
    ).rejects.toMatchObject({ name: 'InvalidInputError' });
    await expect(
      memory.remember({ userId: ' ', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toMatchObject({
      name: 'InvalidInputError',
    });
    expect(stub.requests).toHaveLength(0);
    expect(await memory.users()).toEqual([]);
  });
});
