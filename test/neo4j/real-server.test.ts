import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { CachedStore } from '../../src/store/cache/cached-store.js';
import { Neo4jConnection } from '../../src/store/neo4j/connection.js';
import { Neo4jStore } from '../../src/store/neo4j/store.js';
import { neo4jSettings } from '../conformance/neo4j.initializer.js';
import { storeEnv } from '../helpers/backend.js';
import { runCli } from '../helpers/cli.js';
import { RECALLS, writeMemory } from '../helpers/recall-fixture.js';
import { tempDir } from '../helpers/temp-dir.js';

const LIBRARY = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

function settings() {
  const found = neo4jSettings();
  if (!found) throw new Error('NEO4J_URI is not set (npm run neo4j:start)');
  return found;
}

/** Runs a library script in a process of its own against the test server; resolves with its exit. */
function processRun(body: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const script = `import { createMemory } from ${JSON.stringify(LIBRARY)};
const memory = await createMemory({ env: process.env });
try { ${body} } finally { await memory.close(); }`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, ...storeEnv() },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** Properties only a real server shows: concurrency, sessions, index scale, schema. */
describe('Neo4j, a real server', () => {
  it('two processes writing one user at once: no duplicate entity, one current value, every write kept', async () => {
    // Each process says where the user lives 500 times (cities recur) and mentions shared names,
    // at times that interleave with the other process's.
    const writer = (offset: number) =>
      processRun(`
        for (let i = 0; i < 500; i++) {
          await memory.addTriples('duo', [
            { subject: 'I', predicate: 'lives_in', object: 'City ' + ((i * 7 + ${offset}) % 13) },
            { subject: 'Shared friend', predicate: 'likes', object: 'Shared food ' + (i % 5) },
          ], { at: new Date(Date.UTC(2026, 0, 1) + (2 * i + ${offset}) * 60_000), source: 'p${offset}-' + i });
        }`);
    const [a, b] = await Promise.all([writer(0), writer(1)]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);

    const memory = await createMemory({ env: storeEnv() });
    try {
      const entities = await memory.entities('duo');
      const keys = entities.map((e) => e.key);
      expect(keys.length).toBe(new Set(keys).size);
      expect(keys.filter((k) => k === 'user')).toHaveLength(1);
      expect(keys.filter((k) => k === 'shared friend')).toHaveLength(1);
      const homes = await memory.facts('duo', {
        predicate: 'lives_in',
        includeHistory: true,
        limit: 100_000,
      });
      expect(homes.filter((f) => f.validTo === null)).toHaveLength(1);
      // Every one of the 1,000 statements of a home is an observation of some fact, and the
      // last one said is the current home.
      expect(homes.reduce((n, f) => n + f.observedAt.length, 0)).toBe(1000);
      const last = (499 * 7 + 1) % 13;
      expect(homes.find((f) => f.validTo === null)?.object).toBe(`City ${last}`);
      // No two facts of the home overlap in time.
      const spans = homes
        .map((f) => [f.validFrom.getTime(), f.validTo?.getTime() ?? Infinity] as const)
        .sort((x, y) => x[0] - y[0]);
      for (let i = 1; i < spans.length; i++)
        expect(spans[i]?.[0]).toBeGreaterThanOrEqual((spans[i - 1] as readonly [number, number])[1]);
      const likes = await memory.facts('duo', { predicate: 'likes', limit: 100 });
      expect(likes).toHaveLength(5);
      expect(likes.reduce((n, f) => n + f.mentions, 0)).toBe(1000);
    } finally {
      await memory.close();
    }
  }, 300_000);

  it('a recall never writes; turns stored before they kept search terms get them once, at open', async () => {
    const writer = await createMemory({ env: storeEnv() });
    try {
      await writeMemory(writer);
    } finally {
      await writer.close();
    }
    // A database from before turns kept their search terms: none has them, no migration recorded.
    const raw = new Neo4jStore(settings());
    await raw.open(256, { reembedding: true });
    await raw.runCypher('MATCH (e:Episode) REMOVE e.terms, e.conceptTerms');
    await raw.runCypher("MATCH (m:Meta {key: 'episodeTerms'}) DELETE m");
    await raw.close();

    // The store's one way to the database's transactions, watched (not replaced).
    const statements = vi.spyOn(
      Neo4jConnection.prototype as unknown as {
        runStatements: (mode: string, s: unknown[]) => Promise<unknown>;
      },
      'runStatements',
    );
    const planned = vi.spyOn(Neo4jConnection.prototype, 'writePlanned');
    const writes = () =>
      statements.mock.calls.filter(([mode]) => mode === 'write').length + planned.mock.calls.length;
    const reader = await createMemory({ env: storeEnv() });
    try {
      // The migration ran at open, and the watch saw it.
      expect(writes()).toBeGreaterThan(0);
      statements.mockClear();
      planned.mockClear();
      for (const recall of RECALLS) await reader.recall({ userId: 'me', ...recall });
      await reader.recall({ userId: 'someone-else', query: 'Where do I live?' });
      expect(writes()).toBe(0);
      // The migrated turn is found by its words.
      const trip = await reader.recall({ userId: 'me', query: 'old tram jazz' });
      expect(trip.episodes.map((e) => e.excerpt).join()).toContain('tram');
      expect((await reader.recall({ userId: 'me', query: 'What do I play?' })).context).not.toMatch(/cello/i);
    } finally {
      statements.mockRestore();
      planned.mockRestore();
      await reader.close();
    }
  });

  it("counts a user's turn-term totals once, at open, where they were not kept; full-text scores are the same throughout", async () => {
    const query = {
      text: 'violin garden',
      concepts: [{ word: 'instrument', weight: 0.3 }],
      vector: null,
      k: 5,
      minSimilarity: 0.1,
    };
    const writer = await createMemory({ env: storeEnv() });
    let before: unknown;
    try {
      for (const content of [
        'I practise the violin in the garden.',
        'We planted beans.',
        'The cello needs new strings.',
      ])
        await writer.remember({ userId: 'totals', threadId: 't', messages: [{ role: 'user', content }] });
      before = (await writer.store.searchEpisodes('totals', query)).text;
      expect((before as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await writer.close();
    }
    const rows = (store: Neo4jStore, name: string) =>
      (
        store as unknown as { readRows: (n: string, p: object) => Promise<Record<string, unknown>[]> }
      ).readRows(name, {
        userId: 'totals',
      });
    // A database from before the totals were kept: none has them, no migration recorded. The store
    // already open walks the user's turns instead, and scores the same.
    const raw = new Neo4jStore(settings());
    await raw.open(256, { reembedding: true });
    try {
      const [walked] = await rows(raw, 'episodes-term-lengths');
      await raw.runCypher('MATCH (u:User) REMOVE u.termLength, u.conceptTermLength');
      await raw.runCypher("MATCH (m:Meta {key: 'termLengths'}) DELETE m");
      expect((await rows(raw, 'user-state'))[0]?.termLength).toBeNull();
      expect((await raw.searchEpisodes('totals', query)).text).toEqual(before);
      await raw.close();
      // The next open counts them once: the user's totals are the walk's again.
      await raw.open(256, { reembedding: true });
      const [state] = await rows(raw, 'user-state');
      expect(Number(walked?.termLength)).toBeGreaterThan(0);
      expect(Number(state?.termLength)).toBe(Number(walked?.termLength));
      expect(Number(state?.conceptTermLength)).toBe(Number(walked?.conceptTermLength));
      expect((await raw.searchEpisodes('totals', query)).text).toEqual(before);
    } finally {
      await raw.close();
    }
  });

  it('re-keys entities stored before keys kept + # & @ once, at open: a later "C" is not "C++"', async () => {
    const writer = await createMemory({
      env: storeEnv(),
      embeddings: new HashingEmbeddings({ dimension: 64 }),
    });
    try {
      await writer.addTriples('dev', [{ subject: 'I', predicate: 'uses', object: 'C++' }]);
    } finally {
      await writer.close();
    }
    // As an earlier release stored it: "C++" under the key "c", no re-keying recorded.
    const raw = new Neo4jStore(settings());
    await raw.open(64, { reembedding: true });
    await raw.runCypher(
      "MATCH (e:Entity {userId: 'dev', name: 'C++'}) SET e.key = 'c', e.aliases = ['c'], e.aliasText = 'c'",
    );
    await raw.runCypher(
      "MATCH (k:EntityKey {userId: 'dev', key: 'c++'}) SET k.id = '[\"dev\",\"c\"]', k.key = 'c'",
    );
    await raw.runCypher("MATCH (m:Meta {key: 'keys-keep-symbols'}) DELETE m");
    await raw.close();

    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let memory: Memory;
    try {
      memory = await createMemory({ env: storeEnv(), embeddings: new HashingEmbeddings({ dimension: 64 }) });
      expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toMatch(
        /re-keyed 1 stored before: C\+\+/,
      );
    } finally {
      stderr.mockRestore();
    }
    try {
      expect((await memory.store.entityByKey('dev', 'c++'))?.name).toBe('C++');
      await memory.addTriples('dev', [{ subject: 'I', predicate: 'uses', object: 'C' }]);
      const uses = await memory.facts('dev', { predicate: 'uses' });
      expect(new Map(uses.map((f) => [f.object, f.mentions]))).toEqual(
        new Map([
          ['C++', 1],
          ['C', 1],
        ]),
      );
    } finally {
      await memory.close();
    }
  });

  it('a forget in one process reaches what another keeps of the user: vocabulary and fact count', async () => {
    const keeper = new Neo4jStore(settings());
    const other = await createMemory({ env: storeEnv() });
    await keeper.open(256, { reembedding: true });
    try {
      await other.addTriples('vocab', [
        { subject: 'I', predicate: 'plays', object: 'Cello' },
        { subject: 'I', predicate: 'lives_in', object: 'Ghent' },
      ]);
      expect((await keeper.predicateKeys('vocab')).sort()).toEqual(['lives_in', 'plays']);
      const cello = (await other.facts('vocab')).find((f) => f.object === 'Cello');
      if (!cello) throw new Error('the cello fact was not written');
      await other.forget({ userId: 'vocab', factUid: cello.uid });
      expect(await keeper.predicateKeys('vocab')).toEqual(['lives_in']);
      // An entity deleted elsewhere takes its facts' keys with it too.
      await other.forget({ userId: 'vocab', entity: 'Ghent' });
      expect(await keeper.predicateKeys('vocab')).toEqual([]);
    } finally {
      await keeper.close();
      await other.close();
    }
  });

  it("a recall reads the user's state once, first, and counts the user's facts again only after a write", async () => {
    const memory = await createMemory({ env: storeEnv() });
    try {
      await memory.addTriples('state', [
        { subject: 'I', predicate: 'plays', object: 'Cello' },
        { subject: 'I', predicate: 'lives_in', object: 'Ghent' },
      ]);
      const store = memory.store as Neo4jStore;
      const reads = vi.spyOn(store as unknown as { readRows: (name: string) => unknown }, 'readRows');
      const names = async (query: string) => {
        reads.mockClear();
        // A question naming no entity: similar facts seed the walk, which needs the facts' share.
        const result = await memory.recall({ userId: 'state', query });
        return { names: reads.mock.calls.map((call) => String(call[0])), result };
      };
      const first = await names('who plays an instrument');
      expect(first.result.facts.map((f) => f.object)).toContain('Cello');
      // The state is the recall's first read, and its only one of the user's counts but the facts'.
      expect(first.names[0]).toBe('user-state');
      expect(first.names.filter((n) => n === 'user-state')).toHaveLength(1);
      expect(first.names.filter((n) => /share|user-writes/.test(n))).toEqual([]);
      expect(first.names.filter((n) => n === 'user-fact-count')).toHaveLength(1);
      // Unchanged: the fact count is kept.
      const second = await names('who plays an instrument');
      expect(second.names.filter((n) => n === 'user-fact-count')).toEqual([]);
      expect(second.names.filter((n) => n === 'user-state')).toHaveLength(1);
      // A write moves the user's write count: counted again, and the new fact found.
      await memory.addTriples('state', [{ subject: 'I', predicate: 'plays', object: 'Harp' }]);
      const third = await names('who plays an instrument');
      expect(third.names.filter((n) => n === 'user-fact-count')).toHaveLength(1);
      expect(third.result.facts.map((f) => f.object)).toContain('Harp');
      reads.mockRestore();
      // Outside a recall each search reads the state itself; a user that does not exist has nothing.
      expect(
        await store.similarEntities('nobody', await new HashingEmbeddings().embedQuery('cello'), 5, 0),
      ).toEqual([]);
    } finally {
      await memory.close();
    }
  });

  it('a cached store serves a user from its copies and drops them when another store writes, forgets or runs Cypher', async () => {
    const cachedEnv = { ...storeEnv(), KGMEM_NEO4J_CACHE: '1' };
    const reader = await createMemory({ env: cachedEnv });
    const writer = await createMemory({ env: storeEnv() });
    try {
      expect(reader.store).toBeInstanceOf(CachedStore);
      await writer.addTriples('cached', [
        { subject: 'I', predicate: 'plays', object: 'Cello' },
        { subject: 'I', predicate: 'lives_in', object: 'Ghent' },
      ]);
      const objects = async () =>
        (await reader.recall({ userId: 'cached', query: 'What do I play and where do I live?' })).facts
          .map((f) => f.object)
          .sort();
      expect(await objects()).toEqual(['Cello', 'Ghent']);
      const cache = reader.store as CachedStore;
      expect(cache.cachedUsers().users).toContain('cached');
      // Served from the copies: the database is read for the user's generation only.
      const reads = vi.spyOn(cache.inner as unknown as { readRows: (name: string) => unknown }, 'readRows');
      expect(await objects()).toEqual(['Cello', 'Ghent']);
      expect(new Set(reads.mock.calls.map((call) => call[0]))).toEqual(new Set(['user-generation']));
      reads.mockRestore();
      // Another store (another process) writes: the copies are stale and read again.
      await writer.addTriples('cached', [{ subject: 'I', predicate: 'plays', object: 'Harp' }]);
      expect(await objects()).toEqual(['Cello', 'Ghent', 'Harp']);
      // The profile is read through the same copies: another process's move shows at once.
      expect((await reader.profile('cached')).fields.home?.value).toBe('Ghent');
      await writer.addTriples('cached', [{ subject: 'I', predicate: 'lives_in', object: 'Bruges' }]);
      expect((await reader.profile('cached')).fields.home?.value).toBe('Bruges');
      const cello = (await writer.facts('cached')).find((f) => f.object === 'Cello');
      if (!cello) throw new Error('the cello fact was not written');
      await writer.forget({ userId: 'cached', factUid: cello.uid });
      expect(await objects()).toEqual(['Bruges', 'Harp']);
      expect((await reader.profile('cached')).fields.hobbies.map((h) => h.value)).toEqual(['Harp']);
      // A hand-written write may touch anyone: every copy is stale.
      await writer.cypher(
        "MATCH (:User {id: 'cached'})-[:OWNS]->(e:Entity {name: 'Harp'}) SET e.name = 'Lyre'",
      );
      expect(await objects()).toEqual(['Bruges', 'Lyre']);
      // Its own writes are applied to its copies, and seen at once.
      await reader.addTriples('cached', [{ subject: 'I', predicate: 'plays', object: 'Oboe' }]);
      expect(await objects()).toEqual(['Bruges', 'Lyre', 'Oboe']);
    } finally {
      await reader.close();
      await writer.close();
    }
  });

  it('writes an addTriples larger than one transaction takes as consecutive whole transactions', async () => {
    const userId = `capped-${process.pid}-${Date.now()}`;
    const capped = await createMemory({ store: { neo4j: { ...settings(), triplesPerTransaction: 4 } } });
    try {
      const transactions = vi.spyOn(capped.store, 'writePlanned');
      const books = Array.from({ length: 10 }, (_, i) => `Book ${i}`);
      const result = await capped.addTriples(
        userId,
        books.map((book) => ({ subject: 'Capped shelf', predicate: 'likes', object: book })),
      );
      // 10 triples in transactions of at most 4: three transactions, one result for the call.
      expect(transactions).toHaveBeenCalledTimes(3);
      expect(result.added).toBe(10);
      expect(result.entitiesCreated).toBe(11);
      expect(new Set(result.factUids).size).toBe(10);
      const stored = await capped.facts(userId);
      expect(stored.map((f) => f.object).sort()).toEqual([...books].sort());
      expect(stored.map((f) => f.uid).sort()).toEqual([...result.factUids].sort());
      // The shelf was created by the first transaction and found by the later ones: one node.
      expect((await capped.entities(userId)).filter((e) => e.name === 'Capped shelf')).toHaveLength(1);
      transactions.mockRestore();
    } finally {
      await capped.close();
    }
    const broken = await createMemory({ store: { neo4j: { ...settings(), triplesPerTransaction: 0 } } });
    try {
      await expect(
        broken.addTriples(userId, [{ subject: 'Capped shelf', predicate: 'likes', object: 'Book 99' }]),
      ).rejects.toThrow(/triplesPerTransaction must be a whole number of at least 1, got 0/);
      expect(await broken.facts(userId)).toHaveLength(10);
    } finally {
      await broken.close();
    }
  });

  it('reads its writes across sessions: each write is seen by the next recall, in this process and another', async () => {
    const writer = await createMemory({ env: storeEnv() });
    const reader = await createMemory({ env: storeEnv() });
    try {
      for (let i = 0; i < 25; i++) {
        await writer.addTriples('rw', [{ subject: `Item ${i}`, predicate: 'has_code', object: `Code ${i}` }]);
        const own = await writer.recall({ userId: 'rw', query: `What is the code of Item ${i}?` });
        expect(own.facts.map((f) => f.object)).toContain(`Code ${i}`);
        const other = await reader.facts('rw', { entity: `Item ${i}` });
        expect(other.map((f) => f.object)).toEqual([`Code ${i}`]);
      }
    } finally {
      await writer.close();
      await reader.close();
    }
  });

  it('finds every user its own nearest entity among 2,000 users and 200,000 entities in the shared index', async () => {
    const dimension = 32;
    const users = 2000;
    const perUser = 100;
    const store = new Neo4jStore({ ...settings(), exactSearchLimit: 0 });
    await store.open(dimension, { reembedding: true });
    try {
      // Deterministic unit vectors, written straight in as a bulk load would (what kgmem would
      // embed does not matter here: the index and the per-user search do).
      let seed = 12345;
      const random = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed / 2 ** 31 - 0.5;
      };
      const vectorOf = () => {
        const v = Array.from({ length: dimension }, random);
        const norm = Math.hypot(...v);
        return v.map((x) => x / norm);
      };
      const probes: { userId: string; uid: string; vector: number[] }[] = [];
      const rows: { userId: string; uid: string; embedding: number[] }[] = [];
      for (let u = 0; u < users; u++) {
        for (let e = 0; e < perUser; e++) {
          const row = { userId: `scale-${u}`, uid: `scale-${u}-${e}`, embedding: vectorOf() };
          rows.push(row);
          if (e === u % perUser) probes.push({ userId: row.userId, uid: row.uid, vector: row.embedding });
        }
      }
      for (let i = 0; i < rows.length; i += 10_000) {
        await store.runCypher(
          `UNWIND $rows AS r
           MERGE (u:User {id: r.userId})
           CREATE (u)-[:OWNS]->(:Entity {uid: r.uid, userId: r.userId, key: r.uid, name: r.uid, type: '', summary: '',
             aliases: [r.uid], embedding: r.embedding, mentions: 1})`,
          { rows: rows.slice(i, i + 10_000) },
        );
      }
      await store.runCypher('CALL db.awaitIndexes(600)');
      const total = await store.runCypher('MATCH (e:Entity) RETURN count(e) AS n');
      expect(Number(total.rows[0]?.n)).toBeGreaterThanOrEqual(200_000);
      const missed: string[] = [];
      for (const probe of probes) {
        // A vector near the probe entity's own: its nearest entity among the user's is that one.
        const near = probe.vector.map((x, i) => x + (i % 2 === 0 ? 0.01 : -0.01));
        const [best] = await store.similarEntities(probe.userId, near, 1, 0);
        if (best?.uid !== probe.uid) missed.push(`${probe.userId}: ${best?.uid ?? 'nothing'}`);
      }
      expect(missed).toEqual([]);
    } finally {
      await store.close();
    }
  }, 900_000);

  it('kgmem schema apply twice on a fresh server: everything created once, nothing the second time', async () => {
    // The test setup emptied the database and dropped its vector indexes (as on a fresh server,
    // the first apply creates them).
    const dir = tempDir('kgmem-schema-');
    try {
      const env = storeEnv();
      const first = await runCli(['schema', 'apply'], { dataDir: dir.path, env });
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/schema applied to Neo4j at .*: [1-9]\d* indexes and constraints created/);
      const second = await runCli(['schema', 'apply'], { dataDir: dir.path, env });
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toMatch(/already in place: nothing changed; every index online/);
      const table = (out: string) => out.split('\n').slice(1).join('\n');
      expect(table(second.stdout)).toEqual(table(first.stdout));
      expect(second.stdout).not.toMatch(/POPULATING|FAILED/);
    } finally {
      dir.remove();
    }
  });

  it('reads console results in the server’s shapes: nodes, relationships, zoned and local times', async () => {
    const memory = await createMemory({ env: storeEnv(), embeddings: new HashingEmbeddings() });
    try {
      await memory.addTriples('shapes', [{ subject: 'I', predicate: 'lives_in', object: 'Kyoto' }], {
        at: '2026-03-02T09:00:00Z',
      });
      const result = await memory.cypher(
        `MATCH (s:Entity {userId: 'shapes'})-[f:FACT]->(o:Entity)
         RETURN s, f, o.name AS object, f.validFrom AS since,
                localdatetime('2026-01-02T03:04:05') AS local, datetime('2026-01-02T03:04:05+09:00') AS zoned`,
        {},
        { readOnly: true },
      );
      expect(result.rows).toHaveLength(1);
      const row = result.rows[0] as Record<string, unknown>;
      expect(row.object).toBe('Kyoto');
      expect((row.s as { name: string }).name).toBe('User');
      expect((row.f as { predicate: string }).predicate).toBe('lives_in');
      expect(row.since).toEqual(new Date('2026-03-02T09:00:00Z'));
      expect(row.local).toEqual(new Date('2026-01-02T03:04:05Z'));
      expect(row.zoned).toEqual(new Date('2026-01-01T18:04:05Z'));
    } finally {
      await memory.close();
    }
  });
});
