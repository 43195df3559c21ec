import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { SynonymEmbeddings } from '../helpers/semantic-embeddings.js';
import { tempDir } from '../helpers/temp-dir.js';

const GROUPS = [
  ['like', 'likes', 'love', 'enjoy', 'fond'],
  ['eat', 'food', 'meal', 'dish', 'pizza', 'sushi', 'hungry'],
  ['friend', 'pal', 'buddy', 'mate'],
  ['live', 'home', 'reside', 'stay'],
  ['city', 'town', 'kyoto', 'osaka'],
];

describe('recall by meaning (a semantic test embedder, real database)', () => {
  const dir = tempDir('kgmem-semantic-');
  let memory: Memory;

  beforeAll(async () => {
    memory = await createMemory({
      dataDir: join(dir.path, 'data'),
      embeddings: new SynonymEmbeddings(GROUPS),
      env: {},
    });
    await memory.remember({
      userId: 'sasako',
      threadId: 'thread-1',
      messages: [{ role: 'user', content: "Hi, I'm Sasako. My friend Polar bear likes Pizza." }],
      at: '2026-03-01T10:00:00Z',
    });
    await memory.remember({
      userId: 'sasako',
      threadId: 'thread-2',
      messages: [{ role: 'user', content: 'The train was late again this morning, so annoying.' }],
      at: '2026-03-02T10:00:00Z',
    });
  });

  afterAll(async () => {
    await memory.close();
    dir.remove();
  });

  it('recalls "Polar bear likes Pizza" for the reworded "What does my friend like to eat?"', async () => {
    const result = await memory.recall({ userId: 'sasako', query: 'What does my friend like to eat?' });
    const pizza = result.facts.find((f) => f.statement === 'Polar bear likes Pizza');
    expect(pizza).toBeDefined();
    expect(pizza?.signals).toContain('fact-similarity');
    expect(result.facts[0]?.statement).toBe('Polar bear likes Pizza');
    // The turn it came from is recalled too, quoted in the context (by its own signals: the
    // fitted semantic recipe gives provenance no weight).
    expect(result.episodes[0]?.threadId).toBe('thread-1');
    expect(result.context).toContain('Polar bear likes Pizza');
    expect(result.context).toContain('Relevant conversation turns:');
  });

  it('finds a turn the extractor learned nothing from, by its words', async () => {
    const result = await memory.recall({ userId: 'sasako', query: 'was my train late?' });
    expect(result.episodes[0]?.excerpt).toContain('The train was late again');
    expect(result.episodes[0]?.signals).toContain('episode-text');
  });

  it('returns no facts and no episodes for a question about nothing in memory', async () => {
    const result = await memory.recall({ userId: 'sasako', query: 'How tall is the Eiffel Tower?' });
    expect(result.facts).toEqual([]);
    expect(result.episodes).toEqual([]);
    expect(result.context).toBe('');
  });
});
