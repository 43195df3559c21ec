import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import type { Memory } from '../src/memory/memory.js';
import { readSnapshot, snapshotPath } from '../src/store/cache/snapshot.js';
import { loadCypher, splitStatements } from '../src/store/cypher-files.js';
import { GraphReads } from '../src/store/graph-reads.js';
import { loadLadybug } from '../src/store/ladybug/driver.js';
import { LadybugStore } from '../src/store/ladybug/store.js';
import { decodeVector, encodeVector } from '../src/store/ladybug/vector-codec.js';
import { entityKeyId } from '../src/store/rows.js';
import { tempDir } from './helpers/temp-dir.js';

describe('LadybugDB store specifics', () => {
  const dirs: { remove: () => void }[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });

  it('saves a snapshot of a user on close, loads it in the next process, and never serves a stale one', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const path = join(dir.path, 'graph.lbug');
    const open = () =>
      createMemory({
        store: new LadybugStore({ path, snapshotMinSize: 1 }),
        embeddings: new HashingEmbeddings({ dimension: 64 }),
        env: {},
      });
    const ask = async (memory: Memory, query: string) =>
      (await memory.recall({ userId: 'u', query })).facts.map((f) => f.statement);

    const first = await open();
    await first.addTriples('u', [
      { subject: 'Polar bear', predicate: 'likes', object: 'Pizza' },
      { subject: 'Polar bear', predicate: 'lives in', object: 'Arctic' },
    ]);
    const before = await ask(first, 'What does Polar bear like?');
    expect(before).toContain('Polar bear likes Pizza');
    await first.close();
    const file = snapshotPath(path, 'u');
    expect(existsSync(file)).toBe(true);

    // Loaded from the snapshot: the same answers.
    const secondStore = new LadybugStore({ path, snapshotMinSize: 1 });
    const second = await createMemory({
      store: secondStore,
      embeddings: new HashingEmbeddings({ dimension: 64 }),
      env: {},
    });
    expect(await ask(second, 'What does Polar bear like?')).toEqual(before);
    expect(
      (
        secondStore as unknown as { copies: { snapshotState: Map<string, unknown> } }
      ).copies.snapshotState.has('u'),
    ).toBe(true);
    await second.close();

    // A process that keeps no copies (so saves no snapshot) writes: the saved one is now stale.
    const writer = await createMemory({
      store: new LadybugStore({ path, inMemoryGraph: false }),
      embeddings: new HashingEmbeddings({ dimension: 64 }),
      env: {},
    });
    await writer.addTriples('u', [{ subject: 'Polar bear', predicate: 'likes', object: 'Salmon' }]);
    await writer.cypher(
      "MATCH (e:Entity) WHERE e.userId = 'u' AND e.name = 'Arctic' SET e.name = 'North Pole'",
    );
    await writer.close();

    const thirdStore = new LadybugStore({ path, snapshotMinSize: 1 });
    const third = await createMemory({
      store: thirdStore,
      embeddings: new HashingEmbeddings({ dimension: 64 }),
      env: {},
    });
    expect(await ask(third, 'What does Polar bear like?')).toContain('Polar bear likes Salmon');
    const lives = (await third.recall({ userId: 'u', query: 'Where does Polar bear live?' })).facts.find(
      (f) => f.predicate === 'lives in',
    );
    expect(lives?.object).toBe('North Pole');
    expect(
      (thirdStore as unknown as { copies: { snapshotState: Map<string, unknown> } }).copies.snapshotState.has(
        'u',
      ),
    ).toBe(false);
    await third.close();

    // A damaged snapshot is ignored, not trusted.
    writeFileSync(file, 'not a snapshot');
    const fourth = await open();
    expect(await ask(fourth, 'What does Polar bear like?')).toContain('Polar bear likes Salmon');
    await fourth.close();
  });

  it('keeps one statement embedding per fact, and forgetting a fact, an entity or a user leaves none behind', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const memory = await createMemory({
      store: new LadybugStore({ path: join(dir.path, 'graph.lbug') }),
      embeddings: new HashingEmbeddings({ dimension: 64 }),
      env: {},
    });
    const vectors = async () =>
      Object.fromEntries(
        (
          await memory.cypher('MATCH (v:FactVector) RETURN v.userId AS user, count(*) AS n ORDER BY user')
        ).rows.map((r) => [String(r.user), Number(r.n)]),
      );
    try {
      for (const user of ['a', 'b'])
        await memory.addTriples(user, [
          { subject: 'I', predicate: 'lives_in', object: 'Porto' },
          { subject: 'Ana', predicate: 'is_allergic_to', object: 'peanuts' },
          { subject: 'Rui', predicate: 'knows', object: 'Ana' },
          { subject: 'I', predicate: 'plays', object: 'cello' },
        ]);
      expect(await vectors()).toEqual({ a: 4, b: 4 });
      const [cello] = await memory.facts('a', { predicate: 'plays' });
      await memory.forgetFact('a', cello?.uid as string);
      expect(await vectors()).toEqual({ a: 3, b: 4 });
      // Ana is the subject of one fact and the object of another: both go, with their embeddings.
      await memory.forget({ userId: 'a', entity: 'Ana' });
      expect(await vectors()).toEqual({ a: 1, b: 4 });
      expect((await memory.stats('a')).facts).toBe(1);
      await memory.forget({ userId: 'b', all: true });
      expect(await vectors()).toEqual({ a: 1 });
    } finally {
      await memory.close();
    }
  });

  it('keeps a bulk write with odd names exactly across a checkpoint and a reopen', async () => {
    const triples = Array.from({ length: 700 }, (_, i) => ({
      subject:
        i % 3 === 0 ? `Film "${i}", part ${i % 7}` : i % 3 === 1 ? `Line\nbreak ${i}` : ` spaced ${i} `,
      predicate: i % 2 === 0 ? 'directed by' : 'has genre',
      object: i % 2 === 0 ? `Director ${i % 50}` : 'Drama, Comedy',
    }));
    const dir = tempDir();
    dirs.push(dir);
    const open = () =>
      createMemory({
        store: new LadybugStore({ path: join(dir.path, 'graph.lbug') }),
        embeddings: new HashingEmbeddings({ dimension: 64 }),
        env: {},
      });
    const read = async (memory: Awaited<ReturnType<typeof open>>) => ({
      facts: (await memory.facts('u', { limit: 10_000 }))
        .map((f) =>
          JSON.stringify({
            statement: f.statement,
            subject: f.subject,
            object: f.object,
            validFrom: f.validFrom.toISOString(),
            validTo: f.validTo,
            episodeIds: f.episodeIds,
            mentions: f.mentions,
          }),
        )
        .sort(),
      entities: (await memory.entities('u'))
        .map((e) => JSON.stringify({ name: e.name, type: e.type, summary: e.summary, aliases: e.aliases }))
        .sort(),
      recalled: (await memory.recall({ userId: 'u', query: 'Who directed Film "3", part 3?' })).facts.map(
        (f) => f.statement,
      ),
    });
    const memory = await open();
    const written = await memory.addTriples('u', triples, { at: '2026-01-01T00:00:00Z', source: 'bulk.tsv' });
    expect(written.factUids).toHaveLength(700);
    // The same triples again: mentions counted, nothing new.
    expect((await memory.addTriples('u', triples.slice(0, 10), { at: '2026-01-02T00:00:00Z' })).updated).toBe(
      10,
    );
    const before = await read(memory);
    await memory.close();
    const reopened = await open();
    try {
      expect(await read(reopened)).toEqual(before);
      expect(before.facts.some((f) => f.includes('"subject":"Film \\"0\\", part 0"'))).toBe(true);
      expect(before.facts.some((f) => f.includes('Line\\nbreak'))).toBe(true);
    } finally {
      await reopened.close();
    }
  });

  it('keeps per-user copies within cacheLimit bytes, least recently used out first, answers unchanged', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const store = new LadybugStore({ path: join(dir.path, 'graph.lbug'), cacheLimit: 600_000 });
    const memory = await createMemory({ store, embeddings: new HashingEmbeddings(), env: {} });
    try {
      const users = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5'];
      for (const [n, user] of users.entries()) {
        await memory.addTriples(
          user,
          Array.from({ length: 120 }, (_, i) => ({
            subject: `Friend ${i % 30}`,
            predicate: 'likes',
            object: `thing ${n}-${i}`,
          })),
        );
        await memory.remember({
          userId: user,
          messages: [{ role: 'user', content: `I live in city ${n}.` }],
          triples: [],
        });
      }
      const answers = new Map<string, string[]>();
      for (const user of users) {
        const result = await memory.recall({ userId: user, query: 'what does Friend 3 like' });
        answers.set(
          user,
          result.facts.map((f) => f.statement),
        );
        const held = store.cachedUsers();
        // The user just read is held; the whole stays within the limit (one user alone may not).
        expect(held.users.at(-1)).toBe(user);
        expect(held.bytes).toBeLessThanOrEqual(600_000);
      }
      // Fewer users than were read stay held; the first read were dropped first.
      const held = store.cachedUsers().users;
      expect(held.length).toBeLessThan(users.length);
      expect(held).not.toContain('u0');
      // A dropped user reloads with the same answers, every time from the snapshot saved when it
      // was dropped, never row by row again.
      const reads: string[] = [];
      const database = store.inner as unknown as { run: (name: string, params: object) => unknown };
      const run = database.run.bind(database);
      database.run = (name, params) => {
        reads.push(name);
        return run(name, params);
      };
      for (let round = 0; round < 2; round++)
        for (const user of users)
          expect(
            (await memory.recall({ userId: user, query: 'what does Friend 3 like' })).facts.map(
              (f) => f.statement,
            ),
          ).toEqual(answers.get(user));
      expect(
        reads.filter((name) => ['facts-list', 'entities-list', 'episodes-search-rows'].includes(name)),
      ).toEqual([]);
    } finally {
      await memory.close();
    }
  });

  it('keeps the index of stored turns in the snapshot, and a turn said since is never missed', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const path = join(dir.path, 'graph.lbug');
    const open = (inMemoryGraph = true) =>
      createMemory({
        store: new LadybugStore({ path, snapshotMinSize: 1, inMemoryGraph }),
        embeddings: new HashingEmbeddings({ dimension: 64 }),
        env: {},
      });
    const turns = async (memory: Memory, query: string) =>
      (await memory.recall({ userId: 'u', query })).episodes.map((e) => e.excerpt);
    const first = await open();
    await first.addTriples('u', [{ subject: 'I', predicate: 'owns', object: 'kayak' }]);
    await first.remember({
      userId: 'u',
      threadId: 't',
      messages: [{ role: 'user', content: 'We paddled the blue kayak across the lake.' }],
      triples: [],
    });
    expect((await turns(first, 'blue kayak lake')).join()).toContain('blue kayak');
    await first.close();
    const file = snapshotPath(path, 'u');
    const bytes = readFileSync(file);
    // The header after the 8-byte magic and its length: the generation the snapshot was taken at.
    const header = JSON.parse(bytes.subarray(12, 12 + bytes.readUInt32LE(8)).toString('utf8'));
    const saved = readSnapshot(file, 'u', header.generation);
    expect(saved?.episodes?.text.uids).toHaveLength(1);

    // Another process (keeping no copies, so saving no snapshot) stores a turn: the saved one is stale.
    const writer = await open(false);
    await writer.remember({
      userId: 'u',
      threadId: 't',
      messages: [{ role: 'user', content: 'The red bicycle got a flat tyre.' }],
      triples: [],
    });
    await writer.close();

    const third = await open();
    expect((await turns(third, 'bicycle flat tyre')).join()).toContain('red bicycle');
    expect((await turns(third, 'blue kayak lake')).join()).toContain('blue kayak');
    await third.close();
  });

  it('gives the turns around a hit by its statement as its in-process turn index does', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const store = new LadybugStore({ path: join(dir.path, 'graph.lbug') });
    await store.open(64);
    const turn = (uid: string, threadId: string, minute: number, userId = 'u') => ({
      uid,
      userId,
      threadId,
      messages: [{ role: 'user' as const, content: `turn ${uid}` }],
      contentHash: `hash-${uid}`,
      summary: '',
      at: new Date(Date.UTC(2025, 0, 1, 12, minute)),
      status: 'pending' as const,
      error: '',
    });
    // Stored out of order, in two threads, and one of another user in the same thread id.
    for (const [uid, thread, minute] of [
      ['a3', 'a', 3],
      ['a0', 'a', 0],
      ['b1', 'b', 1],
      ['a5', 'a', 5],
      ['a1', 'a', 1],
      ['a4', 'a', 4],
      ['b0', 'b', 0],
      ['a2', 'a', 2],
    ] as const)
      await store.createEpisode(turn(uid, thread, minute));
    await store.createEpisode(turn('other', 'a', 2, 'someone else'));
    const hits = ['a0', 'a3', 'a5', 'b1', 'missing'];
    const byStatement = (window: number) =>
      GraphReads.prototype.episodeNeighbours.call(store, 'u', hits, window);
    for (const window of [1, 2, 6]) {
      const inProcess = await store.episodeNeighbours('u', hits, window);
      expect(await byStatement(window)).toEqual(inProcess);
    }
    expect((await byStatement(2)).get('a3')).toEqual(['a1', 'a2', 'a4', 'a5']);
    expect((await byStatement(1)).get('a0')).toEqual(['a1']);
    expect((await byStatement(1)).get('b1')).toEqual(['b0']);
    await store.close();
  });

  it('leaves a complete snapshot from a process that only wrote, so the next first recall reads no rows', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const path = join(dir.path, 'graph.lbug');
    const open = (store: LadybugStore) =>
      createMemory({ store, embeddings: new HashingEmbeddings({ dimension: 64 }), env: {} });
    // Only writes: this process never builds the user's turn index or vector indexes for a read.
    const writer = await open(new LadybugStore({ path, snapshotMinSize: 1 }));
    await writer.addTriples('u', [
      { subject: 'I', predicate: 'lives in', object: 'Ghent' },
      { subject: 'I', predicate: 'plays', object: 'cello' },
    ]);
    await writer.remember({
      userId: 'u',
      threadId: 't',
      messages: [{ role: 'user', content: 'The cello lesson moved to Thursday evening.' }],
      triples: [],
    });
    await writer.close();

    const store = new LadybugStore({ path, snapshotMinSize: 1 });
    const reader = await open(store);
    const statements: string[] = [];
    const internals = store.inner as unknown as { run: (name: string, params: object) => unknown };
    const run = internals.run.bind(internals);
    internals.run = (name, params) => {
      statements.push(name);
      return run(name, params);
    };
    const result = await reader.recall({ userId: 'u', query: 'When is my cello lesson?' });
    expect(result.facts.map((f) => f.statement)).toContain('User plays cello');
    expect(result.episodes.map((e) => e.excerpt).join()).toContain('Thursday evening');
    // Its graph, vector indexes and turn index all came from the snapshot, and every graph read
    // of the recall from those copies (none is a statement).
    const rowLoads = [
      'entities-list',
      'facts-list',
      'entity-embeddings',
      'fact-vectors',
      'episodes-search-rows',
      'facts-incident',
      'entities-by-keys',
      'entities-by-uids',
      'facts-by-uids',
      'facts-predicate-keys',
      'episodes-neighbours',
    ];
    expect(statements.filter((name) => rowLoads.includes(name))).toEqual([]);
    await reader.close();
  });

  it('writes a large addTriples as transactions that fit a small pool, and refuses a whole restore past the most the pool grows to, writing nothing', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const triples = Array.from({ length: 12_000 }, (_, i) => ({
      subject: `Person ${i}`,
      predicate: 'likes',
      object: `dish ${i}`,
    }));
    const path = join(dir.path, 'graph.lbug');
    const capped = { path, bufferPoolSize: 32 * 2 ** 20, maxBufferPoolSize: 32 * 2 ** 20 };
    const writer = await createMemory({
      store: new LadybugStore(capped),
      embeddings: new HashingEmbeddings(),
      env: {},
    });
    let document: unknown;
    try {
      await writer.addTriples('u', [{ subject: 'I', predicate: 'lives_in', object: 'Ghent' }]);
      const result = await writer.addTriples('u', triples);
      expect(result.added).toBe(triples.length);
      expect(result.factUids).toHaveLength(triples.length);
      expect((await writer.stats('u')).facts).toBe(triples.length + 1);
      const recalled = await writer.recall({ userId: 'u', query: 'What does Person 77 like?' });
      expect(recalled.facts[0]?.statement).toBe('Person 77 likes dish 77');
      document = await writer.exportUser('u');
      // A restore is one transaction (the user's records appear whole or not at all): too big
      // for a pool that may not grow, it is refused with the settings to change, and nothing of
      // it is written.
      await expect(writer.importUser(document, { userId: 'copy' })).rejects.toMatchObject({
        name: 'StoreUnavailableError',
        message: expect.stringContaining('KGMEM_BUFFER_POOL_MB'),
      });
      expect(await writer.hasUser('copy')).toBe(false);
      expect((await writer.stats('u')).facts).toBe(triples.length + 1);
    } finally {
      await writer.close();
    }
    // The same restore, and a read of every row of a user (no snapshot to start from), in a
    // small pool that may grow: the database is reopened with a larger pool after a checkpoint.
    const growing = await createMemory({
      store: new LadybugStore({
        path,
        bufferPoolSize: 16 * 2 ** 20,
        maxBufferPoolSize: 512 * 2 ** 20,
        snapshotMinSize: Number.POSITIVE_INFINITY,
      }),
      embeddings: new HashingEmbeddings(),
      env: {},
    });
    try {
      rmSync(`${path}.snapshots`, { recursive: true, force: true });
      expect((await growing.importUser(document, { userId: 'copy' })).restored.facts).toBe(
        triples.length + 1,
      );
      const recalled = await growing.recall({ userId: 'copy', query: 'What does Person 4242 like?' });
      expect(recalled.facts[0]?.statement).toBe('Person 4242 likes dish 4242');
      expect(await growing.facts('u', { limit: 100_000 })).toHaveLength(triples.length + 1);
    } finally {
      await growing.close();
    }
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
    expect(error).toMatchObject({ name: 'EmbedderMismatchError' });
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

  it('moves entity embeddings of a database from before they were stored as text, once, keeping every entity', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const path = join(dir.path, 'graph.lbug');
    const embeddings = new HashingEmbeddings({ dimension: 64 });
    const bear = embeddings.embedSync('Polar bear');
    // The schema as it was: entity embeddings in a FLOAT[64] column.
    const oldSchema = loadCypher('ladybug', 'schema')
      .replace('aliases STRING[], vector STRING,', 'aliases STRING[], embedding FLOAT[64],')
      .replace("ALTER TABLE Entity ADD IF NOT EXISTS vector STRING DEFAULT '';", '');
    const lbug = loadLadybug();
    const db = new lbug.Database(path);
    const conn = new lbug.Connection(db);
    const run = (statement: string, params: Record<string, unknown> = {}) => {
      const result = conn.executeSync(conn.prepareSync(statement), params as never);
      for (const r of Array.isArray(result) ? result : [result]) r.close();
    };
    for (const statement of splitStatements(oldSchema)) run(statement);
    run("CREATE (:User {id: 'u', createdAt: timestamp('2026-01-01T00:00:00Z')})");
    run(
      `MATCH (u:User {id: 'u'})
       CREATE (u)-[:OWNS]->(e:Entity {uid: 'e1', userId: 'u', key: 'polar bear', name: 'Polar bear', type: '', summary: '',
         aliases: ['polar bear'], embedding: CAST($embedding AS FLOAT[64]), createdAt: timestamp('2026-01-01T00:00:00Z'),
         updatedAt: timestamp('2026-01-01T00:00:00Z'), mentions: 1})
       CREATE (:EntityKey {id: $keyId, userId: 'u', key: 'polar bear'})-[:KEY_OF]->(e)`,
      { embedding: Array.from(bear), keyId: entityKeyId('u', 'polar bear') },
    );
    conn.closeSync();
    db.closeSync();

    const memory = await createMemory({ store: new LadybugStore({ path }), embeddings, env: {} });
    const columns = await memory.cypher("CALL table_info('Entity') RETURN name");
    expect(columns.rows.map((r) => r.name)).toContain('vector');
    expect(columns.rows.map((r) => r.name)).not.toContain('embedding');
    const stored = await memory.cypher("MATCH (e:Entity {uid: 'e1'}) RETURN e.vector AS vector");
    expect(decodeVector(stored.rows[0]?.vector, 64)).toEqual(bear);
    // The old entity is found by similarity and by name, and new writes resolve to it.
    expect((await memory.searchEntities('u', 'polar bears')).map((e) => e.uid)).toContain('e1');
    await memory.addTriples('u', [{ subject: 'Polar bear', predicate: 'likes', object: 'Pizza' }]);
    expect((await memory.entities('u')).map((e) => e.name).sort()).toEqual(['Pizza', 'Polar bear']);
    await memory.close();
  });

  it('moves fact embeddings of a database from before they had nodes of their own, keeping every fact', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const path = join(dir.path, 'graph.lbug');
    const embeddings = new HashingEmbeddings({ dimension: 64 });
    const said = embeddings.embedSync('Polar bear likes pizza');
    // The schema as it was: a fact's statement embedding on the FACT edge.
    const oldSchema = loadCypher('ladybug', 'schema')
      .replace(
        'supersededBy STRING, mentions INT64);',
        'supersededBy STRING, mentions INT64, vector STRING);',
      )
      .replace(/CREATE NODE TABLE IF NOT EXISTS FactVector[^;]*;/, '')
      .replace(/CREATE REL TABLE IF NOT EXISTS HAS_FACT_VECTOR[^;]*;/, '');
    const lbug = loadLadybug();
    const db = new lbug.Database(path);
    const conn = new lbug.Connection(db);
    const run = (statement: string, params: Record<string, unknown> = {}) => {
      const result = conn.executeSync(conn.prepareSync(statement), params as never);
      for (const r of Array.isArray(result) ? result : [result]) r.close();
    };
    for (const statement of splitStatements(oldSchema)) run(statement);
    run("CREATE (:User {id: 'u', createdAt: timestamp('2026-01-01T00:00:00Z')})");
    for (const [uid, name] of [
      ['e1', 'Polar bear'],
      ['e2', 'pizza'],
    ] as const)
      run(
        `MATCH (u:User {id: 'u'})
         CREATE (u)-[:OWNS]->(e:Entity {uid: $uid, userId: 'u', key: $key, name: $name, type: '', summary: '',
           aliases: [$key], vector: '', createdAt: timestamp('2026-01-01T00:00:00Z'),
           updatedAt: timestamp('2026-01-01T00:00:00Z'), mentions: 1})
         CREATE (:EntityKey {id: $keyId, userId: 'u', key: $key})-[:KEY_OF]->(e)`,
        { uid, name, key: name.toLowerCase(), keyId: entityKeyId('u', name.toLowerCase()) },
      );
    run(
      `MATCH (s:Entity {uid: 'e1'}) MATCH (o:Entity {uid: 'e2'})
       CREATE (s)-[:FACT {uid: 'f1', userId: 'u', predicate: 'likes', key: 'likes', statement: 'Polar bear likes pizza',
         confidence: 1.0, validFrom: timestamp('2026-01-01T00:00:00Z'), createdAt: timestamp('2026-01-01T00:00:00Z'),
         episodeIds: ['api'], mentions: 1, vector: $vector}]->(o)`,
      { vector: encodeVector(said) },
    );
    conn.closeSync();
    db.closeSync();

    // Fact similarity at a set weight: the moved vectors must be what ranks the fact, whatever
    // weight `npm run fit` last gave the offline recipe.
    const memory = await createMemory({
      store: new LadybugStore({ path }),
      embeddings,
      env: {},
      recall: { factSimilarityWeight: 0.5, aboutUser: { factSimilarityWeight: 0.5 } },
    });
    try {
      const columns = await memory.cypher("CALL table_info('FACT') RETURN name");
      expect(columns.rows.map((r) => r.name)).not.toContain('vector');
      const stored = await memory.cypher('MATCH (v:FactVector) RETURN v.uid AS uid, v.vector AS vector');
      expect(stored.rows.map((r) => r.uid)).toEqual(['f1']);
      expect(decodeVector(stored.rows[0]?.vector, 64)).toEqual(said);
      const recalled = await memory.recall({ userId: 'u', query: 'What does the polar bear like?' });
      expect(recalled.facts[0]?.statement).toBe('Polar bear likes pizza');
      expect(recalled.facts[0]?.signals).toContain('fact-similarity');
    } finally {
      await memory.close();
    }
  });
});
