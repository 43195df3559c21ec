import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import { tempDir } from './helpers/temp-dir.js';

describe('LadybugDB store specifics', () => {
  const dirs: { remove: () => void }[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });

  it('records the embedding dimension and refuses another one, naming both', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const first = await createMemory({
      dataDir: dir.path,
      embeddings: new HashingEmbeddings({ dimension: 64 }),
    });
    await first.addTriples('u', [{ subject: 'I', predicate: 'likes', object: 'tea' }]);
    await first.close();
    const error = await createMemory({
      dataDir: dir.path,
      embeddings: new HashingEmbeddings({ dimension: 128 }),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DimensionMismatchError' });
    expect(String((error as Error).message)).toMatch(/64.*128/);
    const again = await createMemory({
      dataDir: dir.path,
      embeddings: new HashingEmbeddings({ dimension: 64 }),
    });
    expect((await again.facts('u')).map((f) => f.object)).toEqual(['tea']);
    await again.close();
  });

  it('keeps what was written across close and reopen, and applies the schema idempotently', async () => {
    const dir = tempDir();
    dirs.push(dir);
    for (let round = 0; round < 3; round++) {
      const memory = await createMemory({
        dataDir: dir.path,
        embeddings: new HashingEmbeddings({ dimension: 32 }),
      });
      await memory.addTriples('u', [{ subject: 'I', predicate: 'likes', object: `thing ${round}` }]);
      expect(await memory.facts('u')).toHaveLength(round + 1);
      await memory.close();
    }
  });

  it('stores the database under <dataDir>/graph.lbug and honours KGMEM_DATA_DIR', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const memory = await createMemory({
      env: { KGMEM_DATA_DIR: join(dir.path, 'nested') },
      embeddings: new HashingEmbeddings({ dimension: 32 }),
    });
    expect(memory.options.databasePath).toBe(join(dir.path, 'nested', 'graph.lbug'));
    await memory.close();
  });

  it('fails clearly when used after close', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const memory = await createMemory({
      dataDir: dir.path,
      embeddings: new HashingEmbeddings({ dimension: 32 }),
    });
    await memory.close();
    await expect(memory.facts('u')).rejects.toMatchObject({ name: 'ClosedError' });
  });
});
