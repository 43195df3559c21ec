import { afterAll, beforeAll } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { tempDir } from './temp-dir.js';

/**
 * A memory on a real embedded database (hashing embedder) for one describe block: opened and
 * written by `write` before its tests, closed and removed after them. Returns the memory's getter.
 */
export function embeddedMemory(prefix: string, write: (memory: Memory) => Promise<void>): () => Memory {
  const dir = tempDir(prefix);
  let memory: Memory | undefined;
  beforeAll(async () => {
    memory = await createMemory({
      dataDir: dir.path,
      embeddings: new HashingEmbeddings(),
      env: {},
      share: false,
    });
    await write(memory);
  });
  afterAll(async () => {
    await memory?.close();
    dir.remove();
  });
  return () => {
    if (!memory)
      throw new Error('the memory is opened before the tests of its describe block; read it inside a test');
    return memory;
  };
}
