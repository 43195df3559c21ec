import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import type { Memory } from '../src/memory/memory.js';
import { linkEntities } from '../src/retrieve/link.js';
import { tempDir } from './helpers/temp-dir.js';

/**
 * Retrieval on a small movie graph in a real LadybugDB file: linking, path-aware expansion,
 * hub handling and ranking, checked on questions whose answers are known.
 */
describe('retrieval on a small graph', () => {
  const dir = tempDir('kgmem-retrieval-');
  let memory: Memory;
  const user = 'films';

  beforeAll(async () => {
    memory = await createMemory({
      dataDir: dir.path,
      embeddings: new HashingEmbeddings({ dimension: 128 }),
      env: {},
    });
    const triples: [string, string, string][] = [
      ['Inception', 'directed_by', 'Christopher Nolan'],
      ['Inception', 'written_by', 'Christopher Nolan'],
      ['Inception', 'starred_actors', 'Leonardo DiCaprio'],
      ['Inception', 'starred_actors', 'Elliot Page'],
      ['Inception', 'release_year', '2010'],
      ['Inception', 'has_genre', 'Drama'],
      ['Inception', 'has_tags', 'director'],
      ['The Prestige', 'directed_by', 'Christopher Nolan'],
      ['The Prestige', 'release_year', '2006'],
      ['The Prestige', 'has_genre', 'Drama'],
      ['Interstellar', 'directed_by', 'Christopher Nolan'],
      ['Interstellar', 'release_year', '2014'],
      ['Titanic', 'starred_actors', 'Leonardo DiCaprio'],
      ['Titanic', 'directed_by', 'James Cameron'],
      ['Titanic', 'release_year', '1997'],
      ['The Revenant', 'starred_actors', 'Leonardo DiCaprio'],
      ['The Revenant', 'directed_by', 'Alejandro González Iñárritu'],
      ['Juno', 'starred_actors', 'Elliot Page'],
      ['Juno', 'directed_by', 'Jason Reitman'],
      // Titles that share the question's words ("who directed …"), not its name.
      ['Who Am I?', 'directed_by', 'Jackie Chan'],
      ['Who Framed Roger Rabbit', 'directed_by', 'Robert Zemeckis'],
    ];
    // A hub: many films of one genre, none related to the questions.
    for (let i = 0; i < 400; i++) triples.push([`Filler Film ${i}`, 'has_genre', 'Drama']);
    await memory.addTriples(
      user,
      triples.map(([subject, predicate, object]) => ({ subject, predicate, object })),
    );
  });
  afterAll(async () => {
    await memory.close();
    dir.remove();
  });

  it('links names longest first, tolerant of case and punctuation, and possessives', async () => {
    const linked = await linkEntities(
      memory.store,
      user,
      "what is THE PRESTIGE's release year, and christopher nolan?",
    );
    expect(linked.map((l) => l.entity.name).sort()).toEqual(['Christopher Nolan', 'The Prestige']);
    const nolan = linked.find((l) => l.entity.name === 'Christopher Nolan');
    expect(nolan?.matched).toBe('christopher nolan');
  });

  it('answers a one-hop question with the fact first', async () => {
    const { facts } = await memory.recall({
      userId: user,
      query: 'who directed Inception',
      limit: 5,
      hops: 1,
    });
    expect(facts[0]?.statement).toBe('Inception directed by Christopher Nolan');
  });

  it('follows a chain of the predicates a question names (two hops)', async () => {
    const { facts } = await memory.recall({
      userId: user,
      query: 'what were the release years of the films directed by Christopher Nolan',
      limit: 4,
      hops: 2,
    });
    const years = facts
      .filter((f) => f.predicate === 'release_year')
      .map((f) => f.object)
      .sort();
    expect(years).toEqual(['2006', '2010', '2014']);
    expect(facts.filter((f) => f.predicate === 'release_year').every((f) => f.hops === 2)).toBe(true);
  });

  it('walks three hops: directors of the films sharing actors with a film', async () => {
    const { facts } = await memory.recall({
      userId: user,
      query: 'who directed the movies that share actors with Juno',
      limit: 10,
      hops: 3,
    });
    const directors = new Set(facts.filter((f) => f.predicate === 'directed_by').map((f) => f.object));
    for (const name of ['Christopher Nolan', 'Jason Reitman']) expect(directors).toContain(name);
  });

  it('does not let a hub flood the answer, and treats a relation word as a relation, not a name', async () => {
    const { facts } = await memory.recall({
      userId: user,
      query: 'which director made the films of Leonardo DiCaprio',
      limit: 6,
      hops: 2,
    });
    const objects = facts.map((f) => f.object);
    expect(objects).toEqual(
      expect.arrayContaining(['James Cameron', 'Alejandro González Iñárritu', 'Christopher Nolan']),
    );
    expect(facts.some((f) => f.subject.startsWith('Filler Film'))).toBe(false);
    expect(facts.some((f) => f.object === 'director')).toBe(false);
  });

  it('spreads the top of the list over distinct entities', async () => {
    const { facts } = await memory.recall({
      userId: user,
      query: 'tell me about Leonardo DiCaprio',
      limit: 3,
      hops: 1,
    });
    expect(new Set(facts.map((f) => f.subject)).size).toBe(3);
  });

  it('finds a misspelt name by its near spelling, above titles that share the question words', async () => {
    for (const hops of [1, undefined]) {
      const { facts, entities } = await memory.recall({
        userId: user,
        query: 'who directed Interstelar',
        limit: 3,
        ...(hops ? { hops } : {}),
      });
      expect(entities.find((e) => e.name === 'Interstellar')?.via).toBe('name');
      expect(facts[0]?.statement).toBe('Interstellar directed by Christopher Nolan');
    }
  });
});
