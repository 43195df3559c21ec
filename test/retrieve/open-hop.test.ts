import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { SynonymEmbeddings } from '../helpers/semantic-embeddings.js';
import { tempDir } from '../helpers/temp-dir.js';

// "types" means what `has_genre` says, to the test embedder; WordNet reads it as no one relation.
const GROUPS = [['types', 'genre']];

const FILMS = [
  { subject: 'Alpha', predicate: 'written_by', object: 'Wanda Lee' },
  { subject: 'Beta', predicate: 'written_by', object: 'Wanda Lee' },
  { subject: 'Beta', predicate: 'written_by', object: 'Otto Kern' },
  { subject: 'Alpha', predicate: 'starred_actors', object: 'Ann Holm' },
  { subject: 'Alpha', predicate: 'starred_actors', object: 'Bob Rask' },
  { subject: 'Beta', predicate: 'starred_actors', object: 'Cid Moor' },
  { subject: 'Alpha', predicate: 'release_year', object: '1999' },
  { subject: 'Beta', predicate: 'release_year', object: '2004' },
  { subject: 'Alpha', predicate: 'has_genre', object: 'Drama' },
  { subject: 'Beta', predicate: 'has_genre', object: 'Comedy' },
];

async function filmMemory(path: string, openRelations?: boolean): Promise<Memory> {
  const memory = await createMemory({
    dataDir: path,
    embeddings: new SynonymEmbeddings(GROUPS),
    env: {},
    ...(openRelations === undefined ? {} : { recall: { openRelations } }),
  });
  await memory.addTriples('fan', FILMS);
  return memory;
}

describe('the open last hop: a relation the question names by a word the lexicon does not read', () => {
  const dir = tempDir('kgmem-open-hop-');
  let memory: Memory;
  let closed: Memory;

  beforeAll(async () => {
    memory = await filmMemory(join(dir.path, 'open'));
    closed = await filmMemory(join(dir.path, 'closed'), false);
  });

  afterAll(async () => {
    await memory.close();
    await closed.close();
    dir.remove();
  });

  it('answers "What types are the films penned by Wanda Lee?" with the films\' genres first', async () => {
    const { facts } = await memory.recall({
      userId: 'fan',
      query: 'What types are the films penned by Wanda Lee?',
    });
    const statements = facts.map((f) => f.statement);
    const first = statements.slice(0, 3);
    expect(first).toEqual(expect.arrayContaining(['Alpha has genre Drama', 'Beta has genre Comedy']));
    // Above the chain that leads there, which still follows.
    for (const genre of ['Alpha has genre Drama', 'Beta has genre Comedy'])
      for (const step of ['Alpha written by Wanda Lee', 'Beta written by Wanda Lee']) {
        expect(statements).toContain(step);
        expect(statements.indexOf(genre)).toBeLessThan(statements.indexOf(step));
      }
  });

  it('does not reach the genres with the open hop turned off (recall option openRelations: false)', async () => {
    const { facts } = await closed.recall({
      userId: 'fan',
      query: 'What types are the films penned by Wanda Lee?',
    });
    expect(facts.map((f) => f.predicate)).not.toContain('has_genre');
    expect(facts.map((f) => f.statement)).toContain('Alpha written by Wanda Lee');
  });

  it("keeps the named chain's answers first when the unread words fit no relation", async () => {
    const { facts } = await memory.recall({ userId: 'fan', query: 'Which films did Wanda Lee pen?' });
    expect(facts.slice(0, 3).map((f) => f.predicate)).toEqual(['written_by', 'written_by', 'written_by']);
    expect(facts.map((f) => f.statement)).toEqual(
      expect.arrayContaining(['Alpha written by Wanda Lee', 'Beta written by Wanda Lee']),
    );
  });
});
