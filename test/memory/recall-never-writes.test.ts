import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemory } from '../../src/memory/create.js';
import { RawLadybugStore } from '../../src/store/ladybug/store.js';
import { RECALLS, writeMemory } from '../helpers/recall-fixture.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('a recall never writes (real embedded database)', () => {
  let dir: { path: string; remove: () => void };

  beforeEach(() => {
    dir = tempDir('kgmem-recall-ro-');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    dir.remove();
  });

  it('commits nothing, in the writing process and in a fresh one', async () => {
    const dataDir = join(dir.path, 'data');
    const writer = await createMemory({ dataDir, env: {}, share: false });
    await writeMemory(writer);
    // The store's one way to the database's transactions, watched (not replaced).
    const commits = vi.spyOn(
      RawLadybugStore.prototype as unknown as { commitOnce: (...args: unknown[]) => void },
      'commitOnce',
    );
    for (const recall of RECALLS) await writer.recall({ userId: 'me', ...recall });
    expect(commits).not.toHaveBeenCalled();
    await writer.close();

    // A fresh process: its first recall of the user loads copies (from the snapshot saved on close).
    const reader = await createMemory({ dataDir, env: {}, share: false });
    try {
      commits.mockClear();
      for (const recall of RECALLS) await reader.recall({ userId: 'me', ...recall });
      await reader.recall({ userId: 'someone-else', query: 'Where do I live?' });
      expect(commits).not.toHaveBeenCalled();
      // The watch sees a write when there is one.
      await reader.addTriples('me', [{ subject: 'I', predicate: 'likes', object: 'Tea' }]);
      expect(commits).toHaveBeenCalled();
    } finally {
      await reader.close();
    }
  });

  it('answers every recall from a database opened read-only, forgotten facts staying forgotten', async () => {
    const dataDir = join(dir.path, 'data');
    const writer = await createMemory({ dataDir, env: {}, share: false });
    await writeMemory(writer);
    const expected = await Promise.all(RECALLS.map((r) => writer.recall({ userId: 'me', ...r })));
    await writer.close();

    const reader = await createMemory({
      dataDir,
      env: {},
      share: false,
      store: { ladybug: { path: join(dataDir, 'graph.lbug'), readOnly: true } },
    });
    try {
      for (const [i, recall] of RECALLS.entries()) {
        const result = await reader.recall({ userId: 'me', ...recall });
        expect(result.facts.map((f) => f.statement)).toEqual(expected[i]?.facts.map((f) => f.statement));
        expect(result.context).not.toMatch(/cello/i);
      }
      const now = await reader.recall({ userId: 'me', query: 'Where do I live?' });
      expect(now.facts[0]?.object).toBe('Porto');
    } finally {
      await reader.close();
    }
  });
});
