import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemory } from '../../src/memory/create.js';
import type { Memory, RecallInput } from '../../src/memory/memory.js';
import { LadybugStore } from '../../src/store/ladybug/store.js';
import { tempDir } from '../helpers/temp-dir.js';

/** Every kind of recall a user makes: named and unnamed, hops, history, a past date, a misspelling. */
const RECALLS: Omit<RecallInput, 'userId'>[] = [
  { query: 'Where do I live?' },
  { query: 'What food should I bring to Tomas?' },
  { query: 'Who is Tomsa?' },
  { query: 'What does the friend of my sister like?', hops: 2 },
  { query: 'Where did I live?', includeHistory: true },
  { query: 'Where did I live?', asOf: new Date('2026-02-01T00:00:00Z') },
  { query: 'What did we talk about on the trip?', limit: 3, maxChars: 200 },
  { query: 'zzzz nothing matches this' },
];

/** Writes a small personal memory: facts, a change, a correction, stored turns and a forgotten fact. */
async function writeMemory(memory: Memory): Promise<void> {
  await memory.addTriples(
    'me',
    [
      { subject: 'I', predicate: 'lives_in', object: 'Lisbon' },
      { subject: 'I', predicate: 'sister', object: 'Ana' },
      { subject: 'Ana', predicate: 'friend', object: 'Tomas' },
      { subject: 'Tomas', predicate: 'likes', object: 'Pizza' },
      { subject: 'I', predicate: 'plays', object: 'Cello' },
    ],
    { at: '2026-01-01T00:00:00Z' },
  );
  await memory.addTriples('me', [{ subject: 'I', predicate: 'lives_in', object: 'Porto' }], {
    at: '2026-03-01T00:00:00Z',
  });
  await memory.remember({
    userId: 'me',
    threadId: 'trip',
    messages: [{ role: 'user', content: 'On the trip we talked about jazz and the old tram in Porto.' }],
  });
  const cello = (await memory.facts('me')).find((f) => f.object === 'Cello');
  if (!cello) throw new Error('the test memory lacks its cello fact');
  await memory.forget({ userId: 'me', factUid: cello.uid });
  await memory.addTriples('someone-else', [{ subject: 'I', predicate: 'lives_in', object: 'Oslo' }]);
}

describe('a recall never writes (real embedded database)', () => {
  let dir: { path: string; remove: () => void };

  beforeEach(() => {
    dir = tempDir('kgmem-recall-ro-');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    dir.remove();
  });

  it('commits nothing, in the writing process and in a fresh one', async () => {
    const dataDir = join(dir.path, 'data');
    const writer = await createMemory({ dataDir, env: {}, share: false });
    await writeMemory(writer);
    // The store's one way to the database's transactions, watched (not replaced).
    const commits = vi.spyOn(
      LadybugStore.prototype as unknown as { commitOnce: (...args: unknown[]) => void },
      'commitOnce',
    );
    for (const recall of RECALLS) await writer.recall({ userId: 'me', ...recall });
    expect(commits).not.toHaveBeenCalled();
    await writer.close();

    // A fresh process: its first recall of the user loads copies (from the snapshot saved on close).
    const reader = await createMemory({ dataDir, env: {}, share: false });
    try {
      commits.mockClear();
      for (const recall of RECALLS) await reader.recall({ userId: 'me', ...recall });
      await reader.recall({ userId: 'someone-else', query: 'Where do I live?' });
      expect(commits).not.toHaveBeenCalled();
      // The watch sees a write when there is one.
      await reader.addTriples('me', [{ subject: 'I', predicate: 'likes', object: 'Tea' }]);
      expect(commits).toHaveBeenCalled();
    } finally {
      await reader.close();
    }
  });

  it('answers every recall from a database opened read-only, forgotten facts staying forgotten', async () => {
    const dataDir = join(dir.path, 'data');
    const writer = await createMemory({ dataDir, env: {}, share: false });
    await writeMemory(writer);
    const expected = await Promise.all(RECALLS.map((r) => writer.recall({ userId: 'me', ...r })));
    await writer.close();

    const reader = await createMemory({
      dataDir,
      env: {},
      share: false,
      store: { ladybug: { path: join(dataDir, 'graph.lbug'), readOnly: true } },
    });
    try {
      for (const [i, recall] of RECALLS.entries()) {
        const result = await reader.recall({ userId: 'me', ...recall });
        expect(result.facts.map((f) => f.statement)).toEqual(expected[i]?.facts.map((f) => f.statement));
        expect(result.context).not.toMatch(/cello/i);
      }
      const now = await reader.recall({ userId: 'me', query: 'Where do I live?' });
      expect(now.facts[0]?.object).toBe('Porto');
    } finally {
      await reader.close();
    }
  });
});
