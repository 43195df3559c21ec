import { afterEach, beforeEach } from 'vitest';
import { HashingEmbeddings } from '../../embed/hashing.js';
import { createMemory } from '../../memory/create.js';
import type { Memory } from '../../memory/memory.js';
import type { GraphStore } from '../../store/base.js';
import type { StoreInitializer } from './types.js';

/** What {@link freshMemoryEach} holds for the running test. */
export interface FreshMemory {
  store: GraphStore;
  memory: Memory;
}

/**
 * A fresh store of the backend and a memory over it (offline embedder, no model) for each test
 * of the describe block this is called in; both closed and the store destroyed after the test.
 */
export function freshMemoryEach(init: StoreInitializer): FreshMemory {
  const fresh = {} as FreshMemory;
  beforeEach(async () => {
    fresh.store = await init.create();
    fresh.memory = await createMemory({
      store: fresh.store,
      embeddings: new HashingEmbeddings({ dimension: 64 }),
      env: {},
    });
  });
  afterEach(async () => {
    await fresh.memory.close();
    await init.destroy(fresh.store);
  });
  return fresh;
}

/**
 * The same for a describe block that keeps its store and memory in variables of its own: `set`
 * gets each test's pair before the test (the memory reads the environment as an application's
 * would, where {@link freshMemoryEach} reads none).
 */
export function memoryPerTest(init: StoreInitializer, set: (fresh: FreshMemory) => void): void {
  let fresh: FreshMemory | undefined;
  beforeEach(async () => {
    const store = await init.create();
    fresh = {
      store,
      memory: await createMemory({ store, embeddings: new HashingEmbeddings({ dimension: 64 }) }),
    };
    set(fresh);
  });
  afterEach(async () => {
    if (!fresh) return;
    await fresh.memory.close();
    await init.destroy(fresh.store);
    fresh = undefined;
  });
}
