import { afterEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import { runCli } from '../helpers/cli.js';
import { SynonymEmbeddings } from '../helpers/semantic-embeddings.js';
import { tempDir } from '../helpers/temp-dir.js';

const dirs: { remove(): void }[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

const groups = [
  ['friend', 'pal', 'buddy'],
  ['eat', 'food', 'pizza', 'like'],
];

async function seeded(path: string) {
  const memory = await createMemory({ dataDir: path, embeddings: new HashingEmbeddings({ dimension: 64 }) });
  await memory.addTriples('u', [
    { subject: 'I', predicate: 'has_friend', object: 'Polar bear' },
    { subject: 'Polar bear', predicate: 'likes', object: 'Pizza' },
  ]);
  await memory.remember({
    userId: 'u',
    threadId: 't',
    messages: [{ role: 'user', content: 'My buddy Polar bear adores pizza.' }],
  });
  await memory.close();
}

describe('the embedder recorded in the database, and kgmem reembed', () => {
  it('refuses another model of another dimension, re-embeds everything, then opens with the new one only', async () => {
    const dir = tempDir();
    dirs.push(dir);
    await seeded(dir.path);
    const semantic = () => new SynonymEmbeddings(groups);
    const refused = await createMemory({ dataDir: dir.path, embeddings: semantic() }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ name: 'EmbedderMismatchError' });
    expect((refused as Error).message).toMatch(
      /hashing:kgmem-hashing-v2 \(64 dimensions\).*SynonymEmbeddings.*256.*kgmem reembed/s,
    );

    const switching = await createMemory({ dataDir: dir.path, embeddings: semantic(), reembedding: true });
    const seen: string[] = [];
    const total = await switching.reembed((userId) => seen.push(userId));
    expect(seen).toEqual(['u']);
    expect(total).toMatchObject({ users: 1, entities: 3, facts: 3 });
    expect(total.episodes).toBe(1);
    await switching.close();

    const reopened = await createMemory({ dataDir: dir.path, embeddings: semantic() });
    const { facts } = await reopened.recall({ userId: 'u', query: 'What does my pal like to eat?' });
    expect(facts.map((f) => f.statement)).toContain('Polar bear likes Pizza');
    // Similarity now runs in the new 256-dimensional space: a synonym finds the entity.
    expect((await reopened.searchEntities('u', 'food')).map((e) => e.name)).toContain('Pizza');
    await reopened.close();
    const old = await createMemory({
      dataDir: dir.path,
      embeddings: new HashingEmbeddings({ dimension: 64 }),
    }).catch((e: unknown) => e);
    expect(old).toMatchObject({ name: 'EmbedderMismatchError' });
  });

  it('kgmem reembed on the command line reports what it embedded', async () => {
    const dir = tempDir();
    dirs.push(dir);
    // The CLI's default embedder offline is hashing at 256 dimensions; the seed used 64.
    await seeded(dir.path);
    const refused = await runCli(['recall', '-u', 'u', 'pizza'], { dataDir: dir.path });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/kgmem reembed/);
    const run = await runCli(['reembed'], { dataDir: dir.path });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/u: 3 entities, 3 facts, 1 turns/);
    const recall = await runCli(['recall', '-u', 'u', 'What does Polar bear like?'], { dataDir: dir.path });
    expect(recall.code).toBe(0);
    expect(recall.stdout).toMatch(/Pizza/);
  });

  it('opens a database the first, spelling-only offline embedder wrote with that one by default, until kgmem reembed', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const first = await createMemory({
      dataDir: dir.path,
      embeddings: new HashingEmbeddings({ senses: false }),
      env: {},
    });
    await first.addTriples('u', [{ subject: 'Polar bear', predicate: 'likes', object: 'Pizza' }]);
    await first.close();

    const byDefault = await createMemory({ dataDir: dir.path, env: {} });
    expect(byDefault.embedder.identity.model).toBe('kgmem-hashing-v1');
    const { facts } = await byDefault.recall({ userId: 'u', query: 'What does Polar bear like?' });
    expect(facts.map((f) => f.statement)).toContain('Polar bear likes Pizza');
    await byDefault.close();
    // Asked for by name, the current version is refused with the way out.
    const explicit = await createMemory({
      dataDir: dir.path,
      embeddings: new HashingEmbeddings(),
      env: {},
    }).catch((e: unknown) => e);
    expect(explicit).toMatchObject({ name: 'EmbedderMismatchError' });
    expect((explicit as Error).message).toMatch(/kgmem-hashing-v1.*kgmem-hashing-v2.*kgmem reembed/s);

    const cli = await runCli(['recall', '-u', 'u', 'What does Polar bear like?'], { dataDir: dir.path });
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(/Pizza/);
    const run = await runCli(['reembed'], { dataDir: dir.path });
    expect(run.code).toBe(0);
    const upgraded = await createMemory({ dataDir: dir.path, env: {} });
    expect(upgraded.embedder.identity.model).toBe('kgmem-hashing-v2');
    await upgraded.close();
  });
});
