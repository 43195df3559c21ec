import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { tempDir } from '../helpers/temp-dir.js';

// A memory of two facts, on the default (offline) recipe: a question that names no entity is
// answered by similar facts alone, so the recipe's bar of similarity decides whether it gets any.
describe('a small memory, asked what it holds without naming it', () => {
  let dir: ReturnType<typeof tempDir>;
  let memory: Memory;

  beforeAll(async () => {
    dir = tempDir('kgmem-small-memory-');
    memory = await createMemory({ dataDir: dir.path, share: false, env: {} });
    await memory.addTriples('u', [
      { subject: 'I', predicate: 'plays', object: 'Cello' },
      { subject: 'I', predicate: 'lives_in', object: 'Ghent' },
    ]);
  });

  afterAll(async () => {
    await memory.close();
    dir.remove();
  });

  it.each([
    { query: 'who plays an instrument', answer: 'Cello' },
    { query: 'What do I play?', answer: 'Cello' },
    { query: 'Where do I live?', answer: 'Ghent' },
    { query: 'who lives where', answer: 'Ghent' },
  ])('"$query" is answered by $answer first', async ({ query, answer }) => {
    const { facts } = await memory.recall({ userId: 'u', query });
    expect(facts[0]?.object).toBe(answer);
  });
});
