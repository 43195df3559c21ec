import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { relationLexicon } from '../../src/lexicon/resolve.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { readQuestion } from '../../src/retrieve/question.js';
import { OFFLINE_RECIPE } from '../../src/retrieve/recipe.js';
import { tempDir } from '../helpers/temp-dir.js';

// A small personal memory: the user's own facts, a friend, and the friend's own fact.
const TRIPLES = [
  { subject: 'I', predicate: 'lives in', object: 'Cork' },
  { subject: 'I', predicate: 'works at', object: 'Airbus' },
  { subject: 'I', predicate: 'friend', object: 'Kofi' },
  { subject: 'Kofi', predicate: 'likes', object: 'curry' },
];

describe('questions about the user (the recipe’s aboutUser group)', () => {
  let dir: ReturnType<typeof tempDir>;
  let memory: Memory;

  beforeAll(async () => {
    dir = tempDir('kgmem-about-user-');
    memory = await createMemory({
      dataDir: dir.path,
      share: false,
      embeddings: new HashingEmbeddings({ dimension: 64 }),
      // The aboutUser group without the walk, ranking by fact similarity alone: which questions it
      // ranks shows in their signals (whatever weight `npm run fit` last gave fact similarity).
      recall: { aboutUser: { graphWeight: 0, factSimilarity: 0, factSimilarityWeight: 0.5 } },
    });
    await memory.addTriples('u', TRIPLES);
  });

  afterAll(async () => {
    await memory.close();
    dir.remove();
  });

  it.each([
    { query: 'Where do I live?', aboutUserOnly: true, aboutUser: true },
    { query: 'What is there to know?', aboutUserOnly: true, aboutUser: true },
    { query: 'What could I make for dinner with Kofi?', aboutUserOnly: false, aboutUser: true },
    { query: 'Which dish would my friend Kofi enjoy?', aboutUserOnly: false, aboutUser: true },
    { query: 'What food does Kofi like?', aboutUserOnly: false, aboutUser: false },
  ])('"$query": about the user only $aboutUserOnly, about the user $aboutUser', async (row) => {
    const reading = await readQuestion(memory.store, relationLexicon(), OFFLINE_RECIPE, {
      userId: 'u',
      query: row.query,
    });
    expect({ aboutUserOnly: reading.aboutUserOnly, aboutUser: reading.aboutUser }).toEqual({
      aboutUserOnly: row.aboutUserOnly,
      aboutUser: row.aboutUser,
    });
  });

  it('a question naming no one that asks a relation of the graph is asked of the user ("Which city is home?")', async () => {
    const reading = await readQuestion(memory.store, relationLexicon(), OFFLINE_RECIPE, {
      userId: 'u',
      query: 'Which city is home?',
    });
    expect(reading.linked).toEqual([]);
    expect(reading.user?.name).toBe('User');
    // The default recipe's walk starts from the user, so the user's home comes first.
    const plainDir = tempDir('kgmem-unnamed-');
    const plain = await createMemory({
      dataDir: plainDir.path,
      embeddings: new HashingEmbeddings({ dimension: 64 }),
    });
    try {
      await plain.addTriples('u', TRIPLES);
      const { facts } = await plain.recall({ userId: 'u', query: 'Which city is home?', explain: true });
      expect(facts[0]?.statement).toBe('User lives in Cork');
      expect(facts[0]?.signals).toContain('graph');
      // Nor does it pull in another user's memory.
      expect((await plain.recall({ userId: 'someone-else', query: 'Which city is home?' })).facts).toEqual(
        [],
      );
    } finally {
      await plain.close();
      plainDir.remove();
    }
  });

  it('a question that finds nothing to start from ("Employer?") is asked of the user, not answered with nothing', async () => {
    const plainDir = tempDir('kgmem-elliptical-');
    const plain = await createMemory({
      dataDir: plainDir.path,
      embeddings: new HashingEmbeddings({ dimension: 64 }),
    });
    try {
      await plain.addTriples('u', [...TRIPLES, { subject: 'I', predicate: 'works as', object: 'pilot' }]);
      for (const [query, statement] of [
        ['Employer?', 'User works at Airbus'],
        ['Current city?', 'User lives in Cork'],
      ] as const) {
        const { facts } = await plain.recall({ userId: 'u', query, explain: true });
        expect(facts[0]?.statement, query).toBe(statement);
        expect(facts[0]?.signals, query).toContain('graph');
      }
      // Only the facts the question reads as asked come back: none for a question about nothing here.
      // ("Employer?" is read as "What is my employer?", a relation asked of the user, and returns
      // what that question returns; "Current city?" names no relation the extractor reads.)
      expect(
        (await plain.recall({ userId: 'u', query: 'Current city?' })).facts.map((f) => f.object),
      ).not.toContain('Kofi');
      expect((await plain.recall({ userId: 'u', query: 'Employer?' })).facts.map((f) => f.object)).toEqual(
        (await plain.recall({ userId: 'u', query: 'What is my employer?' })).facts.map((f) => f.object),
      );
      expect((await plain.recall({ userId: 'u', query: 'how tall is the eiffel tower?' })).facts).toEqual([]);
      // The user's own entity starts the walk only in the user's own memory.
      expect((await plain.recall({ userId: 'someone-else', query: 'Employer?' })).facts).toEqual([]);
    } finally {
      await plain.close();
      plainDir.remove();
    }
  });

  it('a first-person question naming someone else is ranked by the aboutUser fusion, a third-person one is not', async () => {
    const signals = async (query: string) =>
      (await memory.recall({ userId: 'u', query, explain: true })).facts.flatMap((f) => f.signals);
    const firstPerson = await signals('What could I make for dinner with Kofi?');
    expect(firstPerson.length).toBeGreaterThan(0);
    expect(firstPerson).not.toContain('graph');
    expect(await signals('What food does Kofi like?')).toContain('graph');
  });
});
