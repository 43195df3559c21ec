import { join } from 'node:path';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Extraction, type ExtractionInput, Extractor } from '../../src/extract/base.js';
import { RuleExtractor } from '../../src/extract/rules.js';
import { writeMemories } from '../../src/langgraph/nodes.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { EXTRACTION_CHUNK_CHARS, MAX_MESSAGE_LENGTH } from '../../src/model/limits.js';
import { tempDir } from '../helpers/temp-dir.js';

/** The rule extractor, counting its requests and what each one read. */
class CountingExtractor extends Extractor {
  readonly description = 'counting rules';
  readonly inputs: ExtractionInput[] = [];
  private readonly rules = new RuleExtractor();
  override async extract(input: ExtractionInput): Promise<Extraction> {
    this.inputs.push(input);
    return { ...(await this.rules.extract(input)), requests: 1 };
  }
}

/** Filler sentences with no fact in them, `length` characters in all. */
function filler(length: number, word = 'The weather was nice and the tea was warm'): string {
  let text = '';
  while (text.length < length) text += `${word} ${text.length}. `;
  return text.slice(0, length);
}

describe('write path: turns kept whole, corrections, the user name (real database)', () => {
  let dir: { path: string; remove: () => void };
  let memory: Memory;
  let extractor: CountingExtractor;

  beforeEach(async () => {
    dir = tempDir('kgmem-write-');
    extractor = new CountingExtractor();
    memory = await createMemory({ dataDir: join(dir.path, 'data'), env: {}, extractor });
  });

  afterEach(async () => {
    await memory.close();
    dir.remove();
  });

  it('makes every new entity and fact uid with the given generator; one seed, the same uids in a fresh database', async () => {
    const write = async (folder: string) => {
      const made: string[] = [];
      let n = 0;
      const seeded = await createMemory({
        dataDir: join(dir.path, folder),
        env: {},
        share: false,
        newUid: () => {
          const uid = `seeded-${++n}`;
          made.push(uid);
          return uid;
        },
      });
      try {
        await seeded.addTriples('u', [
          { subject: 'I', predicate: 'lives_in', object: 'Lisbon' },
          { subject: 'I', predicate: 'plays', object: 'Cello' },
        ]);
        await seeded.addTriples('u', [{ subject: 'I', predicate: 'lives_in', object: 'Porto' }]);
        const facts = await seeded.facts('u', { includeHistory: true });
        const entities = await seeded.entities('u');
        return { made, facts: facts.map((f) => f.uid).sort(), entities: entities.map((e) => e.uid).sort() };
      } finally {
        await seeded.close();
      }
    };
    const first = await write('one');
    // Every stored uid came from the generator: 4 entities (me, Lisbon, Cello, Porto), 3 facts.
    expect([...first.facts, ...first.entities].sort()).toEqual([...first.made].sort());
    expect(first.facts).toHaveLength(3);
    expect(first.entities).toHaveLength(4);
    expect(await write('two')).toEqual(first);
  });

  it('keeps a 6,000-character message and a 20,000-character reply whole through writeMemories', async () => {
    const user = `I live in Berlin and I work at Siemens. ${filler(6000 - 40)}`.slice(0, 6000);
    const reply = filler(20_000, 'That sounds lovely');
    const errors: unknown[] = [];
    const node = writeMemories(memory, { onError: (e) => errors.push(e) });
    await node(
      { messages: [new HumanMessage(user), new AIMessage(reply)] },
      { configurable: { user_id: 'ana', thread_id: 't1' } },
    );
    await node.flush();
    expect(errors).toEqual([]);
    const [episode] = await memory.listEpisodes('ana');
    expect(episode?.status).toBe('extracted');
    expect(episode?.messages.map((m) => m.content.length)).toEqual([6000, 20_000]);
    expect(episode?.messages[1]?.content).toBe(reply);
    const facts = (await memory.facts('ana')).map((f) => f.statement).sort();
    expect(facts).toEqual(['User lives in Berlin', 'User works at Siemens']);
    // One request read the whole user message and only the start of the reply.
    expect(extractor.inputs).toHaveLength(1);
    expect(extractor.inputs[0]?.messages[0]?.content.length).toBe(6000);
    expect(extractor.inputs[0]?.messages[1]?.content.length).toBeLessThan(2100);
  });

  it('reads a user message longer than one request in chunks, keeping it whole', async () => {
    const text = `I like tea. ${filler(EXTRACTION_CHUNK_CHARS * 2)}. I moved to Oslo.`;
    const result = await memory.remember({ userId: 'ana', messages: [{ role: 'user', content: text }] });
    expect(result).toMatchObject({ status: 'extracted', added: 2, requests: 3 });
    expect(
      extractor.inputs.every((i) => (i.messages[0]?.content.length ?? 0) <= EXTRACTION_CHUNK_CHARS),
    ).toBe(true);
    const [episode] = await memory.listEpisodes('ana');
    expect(episode?.messages[0]?.content).toBe(text);
  });

  it('refuses a message over the limit, an invalid date, and reports them to onError; nothing is stored', async () => {
    const tooLong = 'a'.repeat(MAX_MESSAGE_LENGTH + 1);
    await expect(
      memory.remember({ userId: 'ana', messages: [{ role: 'user', content: tooLong }] }),
    ).rejects.toMatchObject({ name: 'InvalidInputError', message: /at most 100000/ });
    await expect(
      memory.remember({ userId: 'ana', messages: [{ role: 'user', content: 'I like tea.' }], at: 'soon' }),
    ).rejects.toMatchObject({ name: 'InvalidInputError', message: /at must be a date/ });
    const errors: unknown[] = [];
    const node = writeMemories(memory, { onError: (e) => errors.push(e) });
    await node({ messages: [new HumanMessage(tooLong)] }, { configurable: { user_id: 'ana' } });
    await node.flush();
    expect(errors).toHaveLength(1);
    expect(await memory.listEpisodes('ana')).toEqual([]);
  });

  it('corrects and forgets facts, user-scoped, keeping the corrected one as history', async () => {
    const added = await memory.addTriples('ana', [
      { subject: 'I', predicate: 'likes', object: 'tea' },
      { subject: 'I', predicate: 'likes', object: 'coffee' },
    ]);
    const [tea, coffee] = added.factUids;
    await memory.addTriples('bob', [{ subject: 'I', predicate: 'likes', object: 'milk' }]);
    const [bobFact] = (await memory.facts('bob')).map((f) => f.uid);

    const fixed = await memory.updateFact(
      'ana',
      { uid: tea as string },
      { object: 'green tea', source: 'e9' },
    );
    expect(fixed.closed).toBe(tea);
    const history = await memory.facts('ana', { includeHistory: true });
    expect(history.find((f) => f.uid === tea)).toMatchObject({
      invalidatedBy: 'e9',
      supersededBy: fixed.factUid,
    });
    expect((await memory.facts('ana')).map((f) => f.object).sort()).toEqual(['coffee', 'green tea']);

    // By subject and predicate: ambiguous with two current values, so it asks for the uid.
    await expect(
      memory.updateFact('ana', { subject: 'I', predicate: 'likes' }, { object: 'x' }),
    ).rejects.toMatchObject({
      name: 'InvalidInputError',
    });
    await memory.addTriples('ana', [{ subject: 'I', predicate: 'lives in', object: 'Rome' }]);
    await memory.updateFact('ana', { subject: 'me', predicate: 'lives_in' }, { object: 'Milan' });
    expect((await memory.facts('ana', { predicate: 'lives in' })).map((f) => f.object)).toEqual(['Milan']);

    // Another user's fact is not found, and nothing changes for either user.
    const before = await memory.facts('bob', { includeHistory: true });
    await expect(
      memory.updateFact('ana', { uid: bobFact as string }, { object: 'water' }),
    ).rejects.toMatchObject({
      name: 'NotFoundError',
    });
    await expect(memory.forgetFact('ana', bobFact as string)).rejects.toMatchObject({
      name: 'NotFoundError',
    });
    expect(await memory.facts('bob', { includeHistory: true })).toEqual(before);

    await memory.forgetFact('ana', coffee as string);
    expect((await memory.facts('ana', { includeHistory: true })).some((f) => f.uid === coffee)).toBe(false);
  });

  it('refuses a change dated before the current value began, and changes nothing', async () => {
    await memory.addTriples('cleo', [{ subject: 'I', predicate: 'lives in', object: 'Oslo' }], {
      at: '2026-06-01T00:00:00Z',
    });
    const before = await memory.facts('cleo', { includeHistory: true });
    await expect(
      memory.updateFact(
        'cleo',
        { subject: 'I', predicate: 'lives in' },
        { object: 'Bergen', at: '2026-01-01T00:00:00Z' },
      ),
    ).rejects.toMatchObject({
      name: 'InvalidInputError',
      message: expect.stringMatching(/before fact .* began/),
    });
    expect(await memory.facts('cleo', { includeHistory: true })).toEqual(before);
    // Dated after it began, the change closes the old value where the new one opens.
    await memory.updateFact(
      'cleo',
      { subject: 'I', predicate: 'lives in' },
      { object: 'Bergen', at: '2026-09-01T00:00:00Z' },
    );
    const history = await memory.facts('cleo', { includeHistory: true });
    expect(history.find((f) => f.object === 'Oslo')?.validTo?.toISOString()).toBe('2026-09-01T00:00:00.000Z');
    expect(history.find((f) => f.object === 'Bergen')?.validFrom.toISOString()).toBe(
      '2026-09-01T00:00:00.000Z',
    );
  });

  it('keeps one weight and one height at a time: a new one said closes the last, kept as history', async () => {
    const say = (content: string, at: string) =>
      memory.remember({ userId: 'wren', threadId: 't', messages: [{ role: 'user', content }], at });
    await say("I weigh 72 kg and I'm 5 foot 9.", '2026-01-01T00:00:00Z');
    await say('I weigh 70 kg.', '2026-03-01T00:00:00Z');
    const now = await memory.facts('wren');
    expect(now.map((f) => `${f.predicate}|${f.object}`).sort()).toEqual(['height|5 foot 9', 'weight|70 kg']);
    const history = await memory.facts('wren', { includeHistory: true });
    expect(history.find((f) => f.object === '72 kg')?.validTo).not.toBeNull();
  });

  it('links a question naming the person to the user (userName, or a message name)', async () => {
    await memory.remember({
      userId: 'caroline',
      threadId: 'session_1',
      userName: 'Caroline',
      messages: [
        { role: 'user', content: 'I went to a LGBTQ support group yesterday and it was so powerful.' },
      ],
      at: '2023-05-08T13:56:00Z',
    });
    await memory.remember({
      userId: 'mel',
      messages: [{ role: 'user', name: 'Melanie', content: 'I painted a sunset.' }],
    });
    const recall = await memory.recall({
      userId: 'caroline',
      query: 'When did Caroline go to the support group?',
    });
    expect(recall.facts.map((f) => f.statement)).toContain('User went to LGBTQ support group');
    expect(recall.entities.find((e) => e.name === 'User')?.via).toBe('name');
    const mel = await memory.facts('mel', { predicate: 'name' });
    expect(mel.map((f) => f.object)).toEqual(['Melanie']);
    // The name is recorded once, not again on every turn.
    await memory.remember({
      userId: 'mel',
      messages: [{ role: 'user', name: 'Melanie', content: 'I baked bread.' }],
    });
    expect((await memory.facts('mel', { predicate: 'name' }))[0]?.mentions).toBe(1);
  });
});
