import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteMemory } from '../../src/client/remote-memory.js';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import type { MemoryApi } from '../../src/memory/api.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import {
  CypherError,
  InvalidInputError,
  NotFoundError,
  StatementNotAllowedError,
} from '../../src/model/errors.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { readHolder } from '../../src/store/ladybug/holder.js';
import { KGMEM_VERSION } from '../../src/version.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * One contract, three clients: the same cases run on the local memory, on the remote client over
 * a `kgmem serve`'s HTTP API, and on the remote client over the socket of the process holding the
 * memory. Each client gets a memory of its own, so the cases may write.
 */
interface Client {
  name: string;
  open(): Promise<{ memory: MemoryApi; close(): Promise<void> }>;
}

const openLocal = (dataDir: string) =>
  createMemory({ dataDir, embeddings: new HashingEmbeddings(), env: {} }) as Promise<Memory>;

const TOKEN = 'contract-secret-123';
const dirs = tempDir('kgmem-contract-');

const clients: Client[] = [
  {
    name: 'local Memory',
    open: async () => {
      const memory = await openLocal(join(dirs.path, 'local'));
      return { memory, close: () => memory.close() };
    },
  },
  {
    name: 'RemoteMemory over HTTP (kgmem serve with its token)',
    open: async () => {
      const held = await openLocal(join(dirs.path, 'http'));
      const server: RunningServer = await startServer({
        memory: held,
        port: 0,
        token: TOKEN,
        viewerDir: null,
      });
      const memory = new RemoteMemory({ server: server.url, token: TOKEN });
      return {
        memory,
        close: async () => {
          await server.close();
          await held.close();
        },
      };
    },
  },
  {
    name: "RemoteMemory over the holder's socket",
    open: async () => {
      const dataDir = join(dirs.path, 'socket');
      const held = await openLocal(dataDir);
      const socketPath = readHolder(join(dataDir, 'graph.lbug'))?.socketPath;
      expect(socketPath, 'the holder records its socket').toBeDefined();
      const memory = new RemoteMemory({ socketPath: socketPath as string });
      return { memory, close: () => held.close() };
    },
  },
];

afterAll(() => dirs.remove());

describe.each(clients)('the memory contract: $name', (client) => {
  let memory: MemoryApi;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ memory, close } = await client.open());
    await memory.addTriples(
      'ana',
      [
        { subject: 'I', predicate: 'lives_in', object: 'Lisbon' },
        { subject: 'I', predicate: 'works_at', object: 'Acme' },
        { subject: 'Acme', predicate: 'located_in', object: 'Porto' },
        { subject: 'I', predicate: 'plays', object: 'cello' },
      ],
      { at: '2025-01-10T00:00:00Z', source: 'contract' },
    );
  });
  afterAll(() => close());

  it('describes itself: release, backend, embedder', async () => {
    const description = await memory.describe();
    expect(description).toMatchObject({ version: KGMEM_VERSION, backend: 'ladybug', dimension: 256 });
    expect(description.embedder).toMatch(/hashing/i);
  });

  it('reads facts, entities, stats and users, with dates as dates', async () => {
    expect(await memory.users()).toEqual(['ana']);
    expect(await memory.hasUser('ana')).toBe(true);
    expect(await memory.hasUser('nobody')).toBe(false);
    const facts = await memory.facts('ana', { predicate: 'lives_in' });
    expect(facts.map((f) => f.statement)).toEqual(['User lives in Lisbon']);
    expect(facts[0]?.validFrom).toBeInstanceOf(Date);
    expect(facts[0]?.validFrom.toISOString()).toBe('2025-01-10T00:00:00.000Z');
    expect(facts[0]?.validTo).toBeNull();
    expect((await memory.stats('ana')).currentFacts).toBe(4);
    const names = (await memory.entities('ana')).map((e) => e.name).sort();
    expect(names).toEqual(['Acme', 'Lisbon', 'Porto', 'User', 'cello']);
    expect(await memory.predicates('ana')).toEqual(['lives_in', 'located_in', 'plays', 'works_at']);
  });

  it('recalls with its options: limit, maxChars, asOf', async () => {
    const result = await memory.recall({ userId: 'ana', query: 'Where do I live?', limit: 3, maxChars: 120 });
    expect(result.facts[0]?.statement).toBe('User lives in Lisbon');
    expect(result.facts.length).toBeLessThanOrEqual(3);
    expect(result.context.length).toBeLessThanOrEqual(120);
    const before = await memory.recall({ userId: 'ana', query: 'Where do I live?', asOf: '2024-06-01' });
    expect(before.facts).toEqual([]);
  });

  it('reads the profile, now and as of a date, with a schema of its own; refuses a bad schema', async () => {
    const profile = await memory.profile('ana');
    expect(profile).toMatchObject({
      userId: 'ana',
      asOf: null,
      fields: {
        home: {
          value: 'Lisbon',
          relation: 'lives_in',
          since: '2025-01-10T00:00:00.000Z',
          saidBy: ['contract'],
        },
        employer: { value: 'Acme' },
        hobbies: [{ value: 'cello', relation: 'plays' }],
        family: [],
        partner: null,
      },
    });
    const facts = await memory.facts('ana', { predicate: 'lives_in' });
    expect(profile.fields.home?.factUid).toBe(facts[0]?.uid);
    expect((await memory.profile('ana', { asOf: '2024-06-01' })).fields.home).toBeNull();
    const own = await memory.profile('ana', {
      schema: { city: 'lives in', instruments: ['plays'], createdAt: 'works_at' },
    });
    expect(own.fields).toEqual({
      city: expect.objectContaining({ value: 'Lisbon' }),
      instruments: [expect.objectContaining({ value: 'cello' })],
      // A field named as a date field elsewhere stays what it is.
      createdAt: expect.objectContaining({ value: 'Acme', since: '2025-01-10T00:00:00.000Z' }),
    });
    expect((await memory.profile('nobody')).fields.home).toBeNull();
    await expect(memory.profile('ana', { schema: { home: 42 } as never })).rejects.toThrow(
      /not a profile schema at home/,
    );
    await expect(
      memory.profile('ana', { schema: { home: 'lives_in', city: ['lives in'] } }),
    ).rejects.toBeInstanceOf(InvalidInputError);
  });

  it('keeps versions of instructions per agent and per user, each with its time and reason', async () => {
    expect(await memory.instructions('helper')).toBeNull();
    const first = await memory.setInstructions('helper', 'Answer briefly.', { reason: 'house style' });
    expect(first).toMatchObject({ agentId: 'helper', userId: null, version: 1, text: 'Answer briefly.' });
    expect(typeof first.at).toBe('string');
    await memory.setInstructions('helper', 'Answer briefly, in Portuguese.', {
      userId: 'ana',
      reason: 'the user asked',
    });
    const second = await memory.setInstructions('helper', 'Answer briefly. Cite sources.');
    expect(second.version).toBe(2);
    expect((await memory.instructions('helper'))?.text).toBe('Answer briefly. Cite sources.');
    expect((await memory.instructionVersions('helper')).map((v) => [v.version, v.reason])).toEqual([
      [1, 'house style'],
      [2, ''],
    ]);
    expect(await memory.instructions('helper', { userId: 'ana' })).toMatchObject({
      userId: 'ana',
      version: 1,
      text: 'Answer briefly, in Portuguese.',
      reason: 'the user asked',
    });
    expect(await memory.instructions('helper', { userId: 'bo' })).toBeNull();
    expect(await memory.instructions('other-agent')).toBeNull();
    await expect(memory.setInstructions('helper', '   ')).rejects.toBeInstanceOf(InvalidInputError);
    await expect(memory.setInstructions(' helper', 'x')).rejects.toThrow(/agentId " helper" has leading/);
    expect(await memory.instructionVersions('helper')).toHaveLength(2);
  });

  it('explores: one entity, a path, the graph and part of it, entity search', async () => {
    const acme = await memory.entity('ana', 'Acme');
    expect(acme.entity.name).toBe('Acme');
    expect(acme.outgoing.map((f) => f.statement)).toEqual(['Acme located in Porto']);
    const path = await memory.path('ana', 'me', 'Porto');
    expect(path?.facts.map((f) => f.statement)).toEqual(['User works at Acme', 'Acme located in Porto']);
    expect(await memory.path('ana', 'Lisbon', 'cello', { maxHops: 1 })).toBeNull();
    const graph = await memory.graph('ana');
    expect(graph.nodes).toHaveLength(5);
    expect(graph.edges).toHaveLength(4);
    const part = await memory.subgraph('ana', [acme.entity.uid]);
    expect(part.nodes.map((n) => n.attributes.label)).toEqual(['Acme']);
    const found = await memory.findEntities('ana', 'lisb');
    expect(found[0]).toMatchObject({ name: 'Lisbon', kind: 'prefix' });
    const similar = await memory.searchEntities('ana', 'Lisbon', { limit: 2 });
    expect(similar[0]?.name).toBe('Lisbon');
  });

  it('remembers turns with their triples and lists them by thread and uid', async () => {
    const first = await memory.remember({
      userId: 'ana',
      threadId: 'chat-1',
      at: '2025-02-01T10:00:00Z',
      messages: [{ role: 'user', content: 'My sister Rita lives in Faro.' }],
      triples: [{ subject: 'Rita', predicate: 'lives_in', object: 'Faro' }],
    });
    expect(first.status).toBe('extracted');
    await memory.remember({
      userId: 'ana',
      threadId: 'chat-2',
      messages: [{ role: 'user', content: 'Nothing to note today.' }],
    });
    const inThread = await memory.listEpisodes('ana', { threadId: 'chat-1' });
    expect(inThread.map((e) => e.uid)).toEqual([first.episodeUid]);
    expect(inThread[0]?.at).toBeInstanceOf(Date);
    const byUid = await memory.listEpisodes('ana', { uids: [first.episodeUid] });
    expect(byUid).toHaveLength(1);
    expect((await memory.facts('ana', { entity: 'Rita' })).map((f) => f.statement)).toEqual([
      'Rita lives in Faro',
    ]);
    expect(await memory.reextract('ana', { failedOnly: true })).toEqual([]);
  });

  it('corrects by subject and predicate or by uid, closes and forgets', async () => {
    const change = await memory.updateFact(
      'ana',
      { subject: 'I', predicate: 'works_at' },
      { object: 'Globex', at: '2025-03-01T00:00:00Z' },
    );
    const history = await memory.facts('ana', { predicate: 'works_at', includeHistory: true });
    expect(history.find((f) => f.uid === change.closed)?.validTo?.toISOString()).toBe(
      '2025-03-01T00:00:00.000Z',
    );
    expect((await memory.facts('ana', { predicate: 'works_at', asOf: '2025-02-01' }))[0]?.object).toBe(
      'Acme',
    );
    const fixed = await memory.updateFact(
      'ana',
      { uid: change.factUid },
      { object: 'Globex Ltd', kind: 'correction' },
    );
    expect((await memory.facts('ana', { predicate: 'works_at', asOf: '2025-04-01' }))[0]?.uid).toBe(
      fixed.factUid,
    );

    const cello = (await memory.facts('ana', { predicate: 'plays' }))[0];
    await memory.closeFact('ana', cello?.uid as string, { at: '2025-05-01T00:00:00Z' });
    expect(await memory.facts('ana', { predicate: 'plays' })).toEqual([]);

    const porto = (await memory.facts('ana', { predicate: 'located_in' }))[0];
    await memory.forgetFact('ana', porto?.uid as string);
    await expect(memory.forgetFact('ana', porto?.uid as string)).rejects.toBeInstanceOf(NotFoundError);
    expect(await memory.forget({ userId: 'ana', entity: 'Rita' })).toEqual({ deleted: true });
    await expect(memory.forget({ userId: 'ana', entity: 'Rita' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('merges two entities that are one thing and splits them back, with the record between', async () => {
    await memory.addTriples('merger', [
      { subject: 'Boss', predicate: 'likes', object: 'tea' },
      { subject: 'Maria Lopes', predicate: 'works_at', object: 'Acme' },
    ]);
    const merged = await memory.mergeEntities('merger', 'Maria Lopes', 'Boss', {
      reason: 'my boss is Maria',
    });
    expect(merged).toMatchObject({ moved: 1, absorbed: 0, closed: 0 });
    expect(merged.entity.aliases).toContain('boss');
    expect(merged.entity.createdAt).toBeInstanceOf(Date);
    expect((await memory.facts('merger', { entity: 'Maria Lopes' })).map((f) => f.object).sort()).toEqual([
      'Acme',
      'tea',
    ]);
    expect(await memory.merges('merger')).toMatchObject([
      { id: merged.mergeId, keepName: 'Maria Lopes', undoneAt: null },
    ]);
    await expect(memory.mergeEntities('merger', 'Maria Lopes', 'Nobody')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(memory.splitEntity('merger', 'Maria Lopes', 'Acme')).rejects.toBeInstanceOf(NotFoundError);

    const split = await memory.splitEntity('merger', 'Maria Lopes', 'Boss');
    expect(split).toMatchObject({ undid: merged.mergeId, moved: 1, entity: { name: 'Boss' } });
    expect((await memory.facts('merger', { entity: 'Boss' })).map((f) => f.object)).toEqual(['tea']);
    expect((await memory.merges('merger'))[0]?.undoneAt).toEqual(expect.any(String));
  });

  it('runs Cypher with its options and judges statements for read-only surfaces', async () => {
    const rows = await memory.cypher(
      'MATCH (e:Entity) WHERE e.userId = $user RETURN e.name AS name ORDER BY name',
      { user: 'ana' },
      { maxRows: 2, timeoutMs: 10_000 },
    );
    expect(rows.rows).toHaveLength(2);
    expect(rows.truncated).toBe(true);
    await expect(
      memory.cypher('MATCH (e:Entity) SET e.summary = "x" RETURN 1', {}, { readOnly: true }),
    ).rejects.toBeInstanceOf(StatementNotAllowedError);
    await expect(memory.cypher('MATCH (e:Entity RETURN e')).rejects.toBeInstanceOf(CypherError);
    expect((await memory.checkReadOnly('MATCH (n) RETURN n')).allowed).toBe(true);
    expect((await memory.checkReadOnly('MATCH (n) DETACH DELETE n')).allowed).toBe(false);
    const queries = await memory.exploreQueries();
    expect(queries.length).toBeGreaterThan(5);
    const summary = queries.find((q) => q.name === 'user-overview') ?? queries[0];
    const explored = await memory.explore('ana', summary?.name as string, {}, { maxRows: 5 });
    expect(explored.rows.length).toBeLessThanOrEqual(5);
    await expect(memory.explore('ana', 'no-such-query')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses bad input with InvalidInputError and keeps what was stored', async () => {
    const before = await memory.stats('ana');
    await expect(
      memory.addTriples('ana', [
        { subject: 'I', predicate: 'likes', object: 'tea' },
        { subject: ' ', predicate: 'likes', object: 'coffee' },
      ]),
    ).rejects.toBeInstanceOf(InvalidInputError);
    expect(await memory.stats('ana')).toEqual(before);
    expect(await memory.addTriples('ana', [])).toMatchObject({ added: 0, factUids: [] });
  });

  it('exports a user and imports it under another id; forgets a whole user', async () => {
    const exported = await memory.exportUser('ana');
    expect(exported.format).toBe('kgmem-export/2');
    expect(typeof exported.facts[0]?.validFrom).toBe('string');
    const summary = await memory.importUser(exported, { userId: 'ana-copy' });
    expect(summary.userId).toBe('ana-copy');
    expect((await memory.facts('ana-copy', { includeHistory: true })).length).toBe(exported.facts.length);
    // The user's own instructions travel with them (the agent's for every user do not).
    expect(exported.instructions).toEqual([
      expect.objectContaining({
        agentId: 'helper',
        text: 'Answer briefly, in Portuguese.',
        reason: 'the user asked',
      }),
    ]);
    expect((await memory.instructions('helper', { userId: 'ana-copy' }))?.text).toBe(
      'Answer briefly, in Portuguese.',
    );
    await memory.importUser(exported, { userId: 'ana-copy' });
    expect(await memory.instructionVersions('helper', { userId: 'ana-copy' })).toHaveLength(1);
    expect(await memory.forget({ userId: 'ana-copy', all: true })).toEqual({ deleted: true });
    expect(await memory.hasUser('ana-copy')).toBe(false);
    expect(await memory.instructions('helper', { userId: 'ana-copy' })).toBeNull();
    expect(await memory.instructionVersions('helper')).toHaveLength(2);
    await expect(memory.exportUser('ana-copy')).rejects.toBeInstanceOf(NotFoundError);
  });
});
