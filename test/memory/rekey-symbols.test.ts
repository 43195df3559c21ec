import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import { tempDir } from '../helpers/temp-dir.js';

const embeddings = new HashingEmbeddings({ dimension: 64 });

/** C, C++ and C# are three entities; a database that stored "C++" under "c" is re-keyed once. */
describe('keys that keep meaning (embedded database)', () => {
  const dir = tempDir('kgmem-rekey-');
  const dataDir = join(dir.path, 'data');
  afterAll(() => dir.remove());

  it('stores C, C++ and C# as three entities and three facts', async () => {
    const memory = await createMemory({ dataDir: join(dir.path, 'three'), embeddings, env: {} });
    try {
      await memory.addTriples('dev', [
        { subject: 'I', predicate: 'uses', object: 'C' },
        { subject: 'I', predicate: 'uses', object: 'C++' },
        { subject: 'I', predicate: 'uses', object: 'C#' },
        { subject: 'I', predicate: 'works_at', object: 'AT&T' },
      ]);
      expect((await memory.facts('dev')).map((f) => f.statement).sort()).toEqual([
        'User uses C',
        'User uses C#',
        'User uses C++',
        'User works at AT&T',
      ]);
      expect((await memory.entities('dev')).map((e) => e.name).sort()).toEqual([
        'AT&T',
        'C',
        'C#',
        'C++',
        'User',
      ]);
    } finally {
      await memory.close();
    }
  });

  it('re-keys an entity stored under its old key on the next open, says so, and leaves the others', async () => {
    let memory = await createMemory({ dataDir, embeddings, env: {} });
    await memory.addTriples('dev', [
      { subject: 'I', predicate: 'uses', object: 'C++' },
      { subject: 'I', predicate: 'lives_in', object: 'Porto' },
    ]);
    // As an earlier release stored it: "C++" under the key "c", and another schema recorded.
    for (const statement of [
      "MATCH (e:Entity) WHERE e.userId = 'dev' AND e.name = 'C++' SET e.key = 'c', e.aliases = ['c']",
      "MATCH (k:EntityKey) WHERE k.userId = 'dev' AND k.key = 'c++' DETACH DELETE k",
      "MATCH (e:Entity) WHERE e.userId = 'dev' AND e.name = 'C++' CREATE (:EntityKey {id: '[\"dev\",\"c\"]', userId: 'dev', key: 'c'})-[:KEY_OF]->(e)",
      "MATCH (m:Meta) WHERE m.key = 'schemaHash' SET m.value = 'an older schema'",
    ])
      await memory.cypher(statement);
    await memory.close();

    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      memory = await createMemory({ dataDir, embeddings, env: {} });
      const said = stderr.mock.calls.map(([text]) => String(text)).join('');
      expect(said).toMatch(/re-keyed 1 stored before: C\+\+/);
    } finally {
      stderr.mockRestore();
    }
    try {
      expect(await memory.store.entityByKey('dev', 'c')).toBeUndefined();
      expect((await memory.store.entityByKey('dev', 'c++'))?.name).toBe('C++');
      await memory.addTriples('dev', [{ subject: 'I', predicate: 'uses', object: 'C' }]);
      await memory.addTriples('dev', [{ subject: 'I', predicate: 'uses', object: 'C++' }]);
      const uses = (await memory.facts('dev', { predicate: 'uses' })).map(
        (f) => [f.object, f.mentions] as const,
      );
      expect(new Map(uses)).toEqual(
        new Map([
          ['C', 1],
          ['C++', 2],
        ]),
      );
    } finally {
      await memory.close();
    }
  });
});
