import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * The write that used to kill the process and leave a memory nothing could open: the whole MetaQA
 * knowledge base (129,233 facts) through `addTriples` in batches of 5,000 and of 20,000, on the
 * default buffer pool (128 MiB). Every batch completes, and every fact is there after a reopen.
 */
function metaqaKb(): { subject: string; predicate: string; object: string }[] {
  const text = gunzipSync(readFileSync(new URL('../fixtures/metaqa/kb.tsv.gz', import.meta.url))).toString(
    'utf8',
  );
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const [subject = '', predicate = '', object = ''] = line.split('\t');
      return { subject, predicate, object };
    });
}

describe('the MetaQA knowledge base through addTriples, on the default buffer pool', () => {
  const dirs: { remove: () => void }[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });

  it.each([5000, 20_000])(
    'writes all 129,233 facts in batches of %i, and every one is there after a reopen',
    async (batch) => {
      const kb = metaqaKb();
      expect(kb).toHaveLength(129_233);
      const dir = tempDir();
      dirs.push(dir);
      const open = () =>
        createMemory({ dataDir: dir.path, embeddings: new HashingEmbeddings(), env: {}, share: false });
      const memory = await open();
      const uids = new Set<string>();
      for (let start = 0; start < kb.length; start += batch) {
        const result = await memory.addTriples('movies', kb.slice(start, start + batch));
        for (const uid of result.factUids) uids.add(uid);
      }
      await memory.close();
      const reopened = await open();
      try {
        const stored = new Set(
          (await reopened.facts('movies', { includeHistory: true, limit: 1_000_000 })).map((f) => f.uid),
        );
        expect([...uids].filter((uid) => !stored.has(uid))).toEqual([]);
        expect(stored.size).toBe(uids.size);
        const answer = await reopened.recall({ userId: 'movies', query: 'Who directed Inception?' });
        expect(answer.facts.some((f) => f.statement.includes('Christopher Nolan'))).toBe(true);
      } finally {
        await reopened.close();
      }
      // Nothing of a reopen or a cut-short checkpoint is left beside it.
      expect(readdirSync(dir.path)).not.toContain('graph.lbug.guard');
    },
    10 * 60_000,
  );
});
