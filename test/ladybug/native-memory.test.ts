import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeUsers } from '../../bench/many-users.js';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import { DatabaseFile } from '../../src/store/ladybug/database-file.js';
import { releaseFreedNativeMemory, runsOnGlibc } from '../../src/store/ladybug/native-memory.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * The embedded database frees, at each checkpoint, what the writes since the last one held; glibc
 * keeps that memory in its arenas unless it is handed back (`native-memory.ts`). Two processes
 * write the same users, one with `releaseNativeMemory` and one without, and report their resident
 * memory after closing.
 */
// The reopen test needs the store to find the database over its limit after every checkpoint,
// whatever the rest of the process does to its resident memory meanwhile: the measurement (and
// only it) then reports a growth past any limit. The release and the two-process test are real.
const overLimit = vi.hoisted(() => ({ always: false }));
vi.mock('../../src/store/ladybug/native-memory.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/store/ladybug/native-memory.js')>();
  return {
    ...real,
    nativeMemoryGrowth: (since: number) =>
      overLimit.always ? Number.POSITIVE_INFINITY : real.nativeMemoryGrowth(since),
  };
});

const WRITER = fileURLToPath(new URL('../fixtures/native-memory-writer.ts', import.meta.url));
const USERS = 60;

async function residentAfterWriting(release: boolean): Promise<number> {
  const dir = tempDir('kgmem-native-memory-');
  dirs.push(dir);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', WRITER, dir.path, String(USERS), release ? '1' : '0'],
    { maxBuffer: 2 ** 20 },
  );
  return (JSON.parse(stdout.trim().split('\n').at(-1) as string) as { rssMb: number }).rssMb;
}

const dirs: { remove: () => void }[] = [];

describe('memory the embedded database freed', () => {
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });

  it('is handed back to the operating system where the C library is glibc, and nothing happens elsewhere', () => {
    expect(releaseFreedNativeMemory()).toBe(runsOnGlibc());
  });

  it.runIf(runsOnGlibc())(
    'leaves a process that wrote many users far smaller than one that kept it',
    async () => {
      const kept = await residentAfterWriting(false);
      const released = await residentAfterWriting(true);
      console.log(`${USERS} users written, then closed: resident ${kept} MB kept, ${released} MB released`);
      expect(released).toBeLessThan(kept - 100);
    },
    300_000,
  );

  it('is freed by reopening the database past nativeMemoryLimit, between writes, losing nothing', async () => {
    const dir = tempDir('kgmem-native-memory-');
    dirs.push(dir);
    const path = join(dir.path, 'graph.lbug');
    const reopens = vi.spyOn(DatabaseFile.prototype, 'reopenToRelease');
    overLimit.always = true;
    const open = (limit: number) =>
      createMemory({
        embeddings: new HashingEmbeddings(),
        env: {},
        // A checkpoint after nearly every write, each finding the database over its limit.
        store: { ladybug: { path, checkpointLogSize: 2 ** 12, nativeMemoryLimit: limit } },
      });
    const memory = await open(2 ** 20);
    try {
      await writeUsers(memory, 12, 40, 5);
      expect(reopens.mock.calls.length).toBeGreaterThan(1);
      // Reads, writes and console statements at once, while writes checkpoint and reopen.
      const before = reopens.mock.calls.length;
      const [recalled] = await Promise.all([
        memory.recall({ userId: 'user-3', query: 'Who does Friend 3-1 know?' }),
        memory.addTriples('user-3', [{ subject: 'I', predicate: 'lives_in', object: 'Valencia' }]),
        ...Array.from({ length: 12 }, (_, u) =>
          memory.remember({
            userId: `user-${u}`,
            messages: [{ role: 'user', content: `Friend ${u}-0 moved to Lyon.` }],
            triples: [],
          }),
        ),
        ...Array.from({ length: 12 }, (_, u) =>
          memory.recall({ userId: `user-${u}`, query: 'Who lives in Lyon?' }),
        ),
        memory.cypher('MATCH (e:Entity) RETURN count(e) AS n'),
      ]);
      expect(recalled.facts.length).toBeGreaterThan(0);
      expect(reopens.mock.calls.length).toBeGreaterThan(before);
    } finally {
      await memory.close();
      reopens.mockRestore();
      overLimit.always = false;
    }
    // Everything written is there in a new open (without reopens).
    const again = await open(0);
    try {
      for (let u = 0; u < 12; u++) {
        expect((await again.stats(`user-${u}`)).facts).toBe(u === 3 ? 41 : 40);
        expect(await again.listEpisodes(`user-${u}`, { limit: 100 })).toHaveLength(6);
      }
      const home = await again.facts('user-3', { predicate: 'lives_in' });
      expect(home.map((fact) => fact.object)).toContain('Valencia');
    } finally {
      await again.close();
    }
  }, 300_000);
});
