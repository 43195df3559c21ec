import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { createApp } from '../../src/server/app.js';
import { keepDataAcrossTests, storeEnv, testBackend } from '../helpers/backend.js';

// The tests read what beforeAll wrote.
keepDataAcrossTests();

import { tempDir } from '../helpers/temp-dir.js';

const TOKEN = 'test-token-1234';
const auth = { Authorization: `Bearer ${TOKEN}` };
const json = { 'Content-Type': 'application/json' };

/** A request to the app as a browser on this machine would send it. */
function call(app: Hono, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('host')) headers.set('host', '127.0.0.1:7700');
  return Promise.resolve(app.request(`http://127.0.0.1:7700${path}`, { ...init, headers }));
}

async function body<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

describe('kgmem serve API (in-process, real database)', () => {
  let dir: { path: string; remove: () => void };
  let memory: Memory;
  let app: Hono;
  let viewerDir: string;

  beforeAll(async () => {
    dir = tempDir('kgmem-api-');
    memory = await createMemory({ dataDir: join(dir.path, 'data'), env: storeEnv() });
    await memory.addTriples(
      'sasako',
      [
        { subject: 'I', predicate: 'lives in', object: 'Osaka' },
        { subject: 'Polar bear', predicate: 'likes', object: 'Pizza' },
        { subject: 'I', predicate: 'friend', object: 'Polar bear' },
      ],
      { at: '2026-03-02T09:00:00Z' },
    );
    // A move closes "lives in Osaka".
    await memory.addTriples('sasako', [{ subject: 'I', predicate: 'lives in', object: 'Kyoto' }], {
      at: '2026-07-01T00:00:00Z',
    });
    await memory.remember({
      userId: 'sasako',
      threadId: 'thread-9',
      messages: [{ role: 'user', content: 'My sister Hana works at Nintendo.' }],
      at: '2026-08-01T10:00:00Z',
    });
    await memory.addTriples('sasako', [{ subject: 'Mount Fuji', predicate: 'is in', object: 'Japan' }]);
    await memory.addTriples('marco', [{ subject: 'I', predicate: 'lives in', object: 'Rome' }]);
    viewerDir = join(dir.path, 'viewer');
    mkdirSync(join(viewerDir, 'assets'), { recursive: true });
    writeFileSync(join(viewerDir, 'index.html'), '<!doctype html><title>viewer</title>');
    writeFileSync(join(viewerDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dir.path, 'secret.txt'), 'do not serve');
    app = createApp({ memory, token: TOKEN, viewerDir });
  });

  afterAll(async () => {
    await memory.close();
    dir.remove();
  });

  describe('reads', () => {
    it('reports health and lists users with their sizes', async () => {
      const health = await call(app, '/api/health');
      expect(health.status).toBe(200);
      expect(await body(health)).toMatchObject({ ok: true, writes: 'token', backend: testBackend() });
      const users = await body<{
        users: { id: string; entities: number; facts: number; currentFacts: number }[];
      }>(await call(app, '/api/users'));
      expect(users.users.map((u) => u.id)).toEqual(['marco', 'sasako']);
      const sasako = users.users.find((u) => u.id === 'sasako');
      expect(sasako?.facts).toBe(sasako ? sasako.currentFacts + 1 : -1);
    });

    it('returns a user graph in graphology form, current facts only unless history is asked', async () => {
      const current = await body<{ nodes: unknown[]; edges: { attributes: { statement: string } }[] }>(
        await call(app, '/api/users/sasako/graph'),
      );
      const statements = current.edges.map((e) => e.attributes.statement);
      expect(statements).toContain('User lives in Kyoto');
      expect(statements).not.toContain('User lives in Osaka');
      const history = await body<{ edges: { attributes: { statement: string; current: boolean } }[] }>(
        await call(app, '/api/users/sasako/graph?history=true'),
      );
      const osaka = history.edges.find((e) => e.attributes.statement === 'User lives in Osaka');
      expect(osaka?.attributes.current).toBe(false);
    });

    it('answers asOf, predicate, type, limit and around queries', async () => {
      type View = {
        nodes: { key: string; attributes: { label: string; type: string } }[];
        edges: { attributes: { statement: string; predicate: string } }[];
        attributes: { truncated: boolean };
      };
      const before = await body<View>(await call(app, '/api/users/sasako/graph?asOf=2026-05-01'));
      const statements = before.edges.map((e) => e.attributes.statement);
      expect(statements).toContain('User lives in Osaka');
      expect(statements).not.toContain('User lives in Kyoto');

      const likes = await body<View>(await call(app, '/api/users/sasako/graph?predicates=likes'));
      expect(likes.edges.map((e) => e.attributes.predicate)).toEqual(['likes']);

      const limited = await body<View>(await call(app, '/api/users/sasako/graph?limit=2'));
      expect(limited.nodes).toHaveLength(2);
      expect(limited.attributes.truncated).toBe(true);

      const around = await body<View>(await call(app, '/api/users/sasako/graph?around=Polar%20bear&hops=1'));
      expect(around.nodes.map((n) => n.attributes.label).sort()).toEqual(['Pizza', 'Polar bear', 'User']);
      const twoHops = await body<View>(await call(app, '/api/users/sasako/graph?around=Pizza&hops=2'));
      expect(twoHops.nodes.map((n) => n.attributes.label).sort()).toEqual(['Pizza', 'Polar bear', 'User']);

      const types = new Set(around.nodes.map((n) => n.attributes.type));
      const onlyType = [...types][0] ?? 'unknown';
      const typed = await body<View>(
        await call(app, `/api/users/sasako/graph?types=${encodeURIComponent(onlyType)}`),
      );
      expect(typed.nodes.every((n) => n.attributes.type === onlyType)).toBe(true);
    });

    it('rejects bad query parameters with 400 and says which', async () => {
      for (const [path, field] of [
        ['/api/users/sasako/graph?limit=0', 'limit'],
        ['/api/users/sasako/graph?limit=abc', 'limit'],
        ['/api/users/sasako/graph?hops=4', 'hops'],
        ['/api/users/sasako/graph?asOf=yesterday-ish', 'asOf'],
        ['/api/users/sasako/graph?colour=red', 'colour'],
        ['/api/users/sasako/recall', 'q'],
        ['/api/users/sasako/path?from=I', 'to'],
      ] as const) {
        const response = await call(app, path);
        expect(response.status, path).toBe(400);
        expect((await body<{ error: string }>(response)).error, path).toContain(field);
      }
    });

    it('answers 404 for unknown users, entities, routes and entities of another user', async () => {
      expect((await call(app, '/api/users/nobody/graph')).status).toBe(404);
      expect((await call(app, '/api/users/nobody/recall?q=hi')).status).toBe(404);
      expect((await call(app, '/api/users/sasako/entities/no-such-entity')).status).toBe(404);
      expect((await call(app, '/api/nothing-here')).status).toBe(404);
      const rome = await body<{ entity: { uid: string } }>(await call(app, '/api/users/marco/entities/Rome'));
      const crossUser = await call(app, `/api/users/sasako/entities/${rome.entity.uid}`);
      expect(crossUser.status).toBe(404);
      expect((await body<{ error: string }>(crossUser)).error).toContain('sasako');
    });

    it("searches a user's entity names as they are typed, and never another user's", async () => {
      const found = await body<{ entities: { name: string; kind: string; score: number }[] }>(
        await call(app, '/api/users/marco/search?q=rom'),
      );
      expect(found.entities[0]).toMatchObject({ name: 'Rome', kind: 'prefix' });
      const misspelt = await body<typeof found>(await call(app, '/api/users/marco/search?q=Roma&limit=3'));
      expect(misspelt.entities.map((e) => e.name)).toContain('Rome');
      expect((await body<typeof found>(await call(app, '/api/users/sasako/search?q=rome'))).entities).toEqual(
        [],
      );
      expect((await call(app, '/api/users/marco/search')).status).toBe(400);
      expect((await call(app, '/api/users/marco/search?q=x&limit=0')).status).toBe(400);
    });

    it('runs console Cypher: names the entities and facts of the rows, draws them per user, refuses writes without the token', async () => {
      const post = (statement: string, params: Record<string, unknown> = {}, token?: string) =>
        call(app, '/api/cypher', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ statement, params }),
        });
      const read = await body<{ rows: unknown[]; refs: { uids: string[] } }>(
        await post(
          'MATCH (s:Entity)-[f:FACT]->(o:Entity) WHERE f.userId = $userId RETURN s, f, o.uid AS object',
          {
            userId: 'marco',
          },
        ),
      );
      expect(read.rows).toHaveLength(1);
      expect(read.refs.uids).toHaveLength(3);
      const drawn = await body<{ nodes: { attributes: { label: string } }[]; edges: unknown[] }>(
        await call(app, `/api/users/marco/subgraph?uids=${read.refs.uids.join(',')}`),
      );
      expect(drawn.nodes.map((n) => n.attributes.label).sort()).toEqual(['Rome', 'User']);
      expect(drawn.edges).toHaveLength(1);
      // Another user's graph never shows marco's entities.
      const other = await body<{ nodes: unknown[] }>(
        await call(app, `/api/users/sasako/subgraph?uids=${read.refs.uids.join(',')}`),
      );
      expect(other.nodes).toEqual([]);
      const refused = await post("CREATE (:Meta {key: 'api-probe', value: 'x'})");
      expect(refused.status).toBe(403);
      const count = await body<{ rows: { n: number }[] }>(
        await post("MATCH (m:Meta {key: 'api-probe'}) RETURN count(m) AS n"),
      );
      expect(count.rows[0]?.n).toBe(0);
      expect((await post("CREATE (:Meta {key: 'api-probe', value: 'x'})", {}, TOKEN)).status).toBe(200);
      await post("MATCH (m:Meta {key: 'api-probe'}) DELETE m", {}, TOKEN);
      const examples = await body<{ examples: { name: string; parameters: { name: string }[] }[] }>(
        await call(app, '/api/cypher/examples'),
      );
      expect(
        examples.examples.find((x) => x.name === 'current-facts')?.parameters.map((p) => p.name),
      ).toEqual(['userId']);
    });

    it('describes an entity with its facts, their validity and the episodes they came from', async () => {
      const byName = await body<{
        entity: { uid: string; name: string };
        outgoing: { statement: string; validTo: string | null }[];
        incoming: { statement: string }[];
        episodes: { threadId: string; excerpt: string; at: string }[];
      }>(await call(app, '/api/users/sasako/entities/I'));
      expect(byName.entity.name).toBe('User');
      const osaka = byName.outgoing.find((f) => f.statement === 'User lives in Osaka');
      expect(osaka?.validTo).toBe('2026-07-01T00:00:00.000Z');
      const byUid = await body<typeof byName>(
        await call(app, `/api/users/sasako/entities/${byName.entity.uid}`),
      );
      expect(byUid.entity.uid).toBe(byName.entity.uid);
      const hana = await body<typeof byName>(await call(app, '/api/users/sasako/entities/Hana'));
      expect(hana.episodes).toEqual([
        expect.objectContaining({ threadId: 'thread-9', excerpt: 'My sister Hana works at Nintendo.' }),
      ]);
    });

    it('recalls what an agent would get, and finds paths', async () => {
      const recall = await body<{ facts: { statement: string }[]; context: string }>(
        await call(
          app,
          `/api/users/sasako/recall?q=${encodeURIComponent('What food does Polar bear like?')}`,
        ),
      );
      expect(recall.facts[0]?.statement).toBe('Polar bear likes Pizza');
      expect(recall.context).toContain('Polar bear likes Pizza');

      const path = await body<{
        found: boolean;
        entities: { name: string }[];
        facts: { statement: string }[];
      }>(await call(app, '/api/users/sasako/path?from=I&to=Pizza'));
      expect(path.found).toBe(true);
      expect(path.entities.map((e) => e.name)).toEqual(['User', 'Polar bear', 'Pizza']);
      expect(path.facts.map((f) => f.statement)).toEqual([
        "User's friend is Polar bear",
        'Polar bear likes Pizza',
      ]);

      const apart = await body<{ found: boolean }>(
        await call(app, '/api/users/sasako/path?from=Pizza&to=Japan'),
      );
      expect(apart.found).toBe(false);
    });

    it('bounds the recall context by maxChars and takes a Cypher timeout, refusing bad values', async () => {
      const q = encodeURIComponent('What food does Polar bear like?');
      const full = await body<{ context: string }>(await call(app, `/api/users/sasako/recall?q=${q}`));
      const short = await body<{ context: string }>(
        await call(app, `/api/users/sasako/recall?q=${q}&maxChars=60`),
      );
      expect(full.context.length).toBeGreaterThan(60);
      expect(short.context.length).toBeLessThanOrEqual(60);
      expect((await call(app, `/api/users/sasako/recall?q=${q}&maxChars=-1`)).status).toBe(400);
      const cypher = (extra: Record<string, unknown>) =>
        call(app, '/api/cypher', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ statement: 'RETURN 1 AS one', ...extra }),
        });
      expect((await cypher({ timeoutMs: 5000 })).status).toBe(200);
      expect((await cypher({ timeoutMs: 0 })).status).toBe(400);
    });

    it("lists a user's stored turns with their status, by thread and status", async () => {
      const all = await body<{ episodes: { threadId: string; status: string; messages: unknown[] }[] }>(
        await call(app, '/api/users/sasako/episodes'),
      );
      expect(all.episodes).toMatchObject([
        {
          threadId: 'thread-9',
          status: 'extracted',
          messages: [{ role: 'user', content: 'My sister Hana works at Nintendo.' }],
        },
      ]);
      const other = await body<{ episodes: unknown[] }>(
        await call(app, '/api/users/sasako/episodes?thread=thread-1'),
      );
      expect(other.episodes).toEqual([]);
      expect((await call(app, '/api/users/sasako/episodes?status=done')).status).toBe(400);
      expect((await call(app, '/api/users/nobody/episodes')).status).toBe(404);
    });
  });

  describe('writes', () => {
    it('needs the bearer token, compared exactly', async () => {
      const triples = JSON.stringify({ triples: [{ subject: 'I', predicate: 'likes', object: 'Tea' }] });
      const none = await call(app, '/api/users/sasako/triples', {
        method: 'POST',
        headers: json,
        body: triples,
      });
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toContain('Bearer');
      for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), 'Bearer', '']) {
        const response = await call(app, '/api/users/sasako/triples', {
          method: 'POST',
          headers: { ...json, Authorization: `Bearer ${wrong}` },
          body: triples,
        });
        expect(response.status, wrong).toBe(401);
      }
      expect((await call(app, '/api/users/sasako', { method: 'DELETE' })).status).toBe(401);
      const facts = await memory.facts('sasako', { predicate: 'likes' });
      expect(facts.map((f) => f.object)).not.toContain('Tea');
    });

    it('adds triples with the token and refuses writes when the server has no token', async () => {
      const request = {
        method: 'POST',
        headers: { ...json, ...auth },
        body: JSON.stringify({
          triples: [{ subject: 'I', predicate: 'likes', object: 'Green tea' }],
          at: '2026-09-01T00:00:00Z',
        }),
      };
      const created = await call(app, '/api/users/sasako/triples', request);
      expect(created.status).toBe(201);
      expect(await body(created)).toMatchObject({ added: 1 });
      expect((await memory.facts('sasako', { predicate: 'likes' })).map((f) => f.object)).toContain(
        'Green tea',
      );

      const readOnly = createApp({ memory, viewerDir: null });
      const refused = await call(readOnly, '/api/users/sasako/triples', request);
      expect(refused.status).toBe(403);
      expect((await body<{ error: string }>(refused)).error).toContain('--token');
      // It says so up front, so the viewer offers no write action.
      expect(await body(await call(readOnly, '/api/health'))).toMatchObject({ writes: 'none' });
    });

    it('rejects bad bodies with 400/413/415 and loses nothing already stored', async () => {
      const before = await memory.stats('sasako');
      const post = (init: RequestInit) =>
        call(app, '/api/users/sasako/triples', {
          method: 'POST',
          ...init,
          headers: { ...json, ...auth, ...init.headers },
        });
      expect((await post({ body: '{"triples": [' })).status).toBe(400);
      // No triples is no write, as in the library (not an error).
      const none = await post({ body: JSON.stringify({ triples: [] }) });
      expect(none.status).toBe(201);
      expect(await none.json()).toMatchObject({ added: 0, factUids: [] });
      const emptyPart = await post({
        body: JSON.stringify({
          triples: [
            { subject: 'I', predicate: 'likes', object: 'Coffee' },
            { subject: '  ', predicate: 'likes', object: 'Tea' },
          ],
        }),
      });
      expect(emptyPart.status).toBe(400);
      expect((await body<{ error: string }>(emptyPart)).error).toContain('triples.1.subject');
      expect(
        (await post({ body: JSON.stringify({ triples: [{ subject: 'a', predicate: 'b' }] }) })).status,
      ).toBe(400);
      const extra = await post({
        body: JSON.stringify({ triples: [{ subject: 'a', predicate: 'b', object: 'c', x: 1 }] }),
      });
      expect(extra.status).toBe(400);
      const typed = await post({
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ triples: [{ subject: 'a', predicate: 'b', object: 'c' }] }),
      });
      expect(typed.status).toBe(415);
      const huge = 'x'.repeat(1500);
      const oversize = await post({
        body: JSON.stringify({
          triples: Array.from({ length: 1000 }, (_, i) => ({
            subject: `${huge}${i}`,
            predicate: 'p',
            object: 'o',
          })),
        }),
      });
      expect(oversize.status).toBe(413);
      expect((await body<{ error: string }>(oversize)).error).toContain('bytes');
      expect(await memory.stats('sasako')).toEqual(before);
    });

    it('checks every query through one validation layer: 400 naming the field, 404 for an unknown user', async () => {
      const tooMany = await call(app, '/api/users/sasako/recall?q=pizza&limit=100000');
      expect(tooMany.status).toBe(400);
      expect((await body<{ error: string }>(tooMany)).error).toMatch(/^invalid query: limit: /);
      const noQuery = await call(app, '/api/users/sasako/search');
      expect(noQuery.status).toBe(400);
      expect((await body<{ error: string }>(noQuery)).error).toMatch(/^invalid query: q: /);
      const unknown = await call(app, '/api/users/nobody-here/facts');
      expect(unknown.status).toBe(404);
      expect((await body<{ error: string }>(unknown)).error).toContain('no user "nobody-here"');
      // A user who exists is answered, the validated values applied.
      const facts = await call(app, '/api/users/sasako/facts?limit=1');
      expect(facts.status).toBe(200);
      expect((await body<{ facts: unknown[] }>(facts)).facts).toHaveLength(1);
    });

    it('stores injection-looking names as plain text without touching other data', async () => {
      const name = `x'}) MATCH (n) DETACH DELETE n //<script>alert(1)</script>`;
      const response = await call(app, '/api/users/eve/triples', {
        method: 'POST',
        headers: { ...json, ...auth },
        body: JSON.stringify({ triples: [{ subject: name, predicate: 'is', object: 'text' }] }),
      });
      expect(response.status).toBe(201);
      const entity = await body<{ entity: { name: string } }>(
        await call(app, `/api/users/eve/entities/${encodeURIComponent(name)}`),
      );
      expect(entity.entity.name).toBe(name);
      const tooLong = await call(app, `/api/users/${'u'.repeat(300)}/graph`);
      expect(tooLong.status).toBe(400);
      expect((await body<{ error: string }>(tooLong)).error).toContain('at most 256');
      const control = await call(app, `/api/users/${encodeURIComponent('bad\u0007id')}/triples`, {
        method: 'POST',
        headers: { ...json, ...auth },
        body: JSON.stringify({ triples: [{ subject: 'a', predicate: 'b', object: 'c' }] }),
      });
      expect(control.status).toBe(400);
      const odd = await call(app, `/api/users/${encodeURIComponent("' OR 1=1 --")}/graph`);
      expect(odd.status).toBe(404);
      expect((await memory.stats('marco')).facts).toBe(1);
      expect((await memory.stats('sasako')).facts).toBeGreaterThan(0);
    });

    it('remembers a conversation turn once, and deletes a user', async () => {
      const turn = {
        method: 'POST',
        headers: { ...json, ...auth },
        body: JSON.stringify({ threadId: 't1', messages: [{ role: 'user', content: 'I live in Lyon.' }] }),
      };
      const first = await call(app, '/api/users/lea/remember', turn);
      expect(first.status).toBe(201);
      expect(await body(first)).toMatchObject({ status: 'extracted', added: 1 });
      const again = await call(app, '/api/users/lea/remember', turn);
      expect(again.status).toBe(200);
      expect(await body(again)).toMatchObject({ status: 'duplicate' });
      const badRole = await call(app, '/api/users/lea/remember', {
        ...turn,
        body: JSON.stringify({ messages: [{ role: 'robot', content: 'hi' }] }),
      });
      expect(badRole.status).toBe(400);

      const deleted = await call(app, '/api/users/lea', { method: 'DELETE', headers: auth });
      expect(deleted.status).toBe(200);
      expect((await call(app, '/api/users/lea/graph')).status).toBe(404);
      expect((await call(app, '/api/users/lea', { method: 'DELETE', headers: auth })).status).toBe(404);
      expect(await memory.hasUser('sasako')).toBe(true);
    });
  });

  describe('serving and security', () => {
    it('serves the viewer with a content security policy, and page routes as index.html', async () => {
      const page = await call(app, '/');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      for (const response of [
        page,
        await call(app, '/api/health'),
        await call(app, '/api/users/nobody/facts'),
      ]) {
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('x-frame-options')).toBe('DENY');
        expect(response.headers.get('referrer-policy')).toBe('no-referrer');
        expect(response.headers.get('strict-transport-security')).toBeNull();
      }
      const deep = await call(app, '/users/sasako');
      expect(await deep.text()).toContain('<title>viewer</title>');
      const asset = await call(app, '/assets/app.js');
      expect(asset.headers.get('content-type')).toContain('text/javascript');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect((await call(app, '/assets/missing.js')).status).toBe(404);
    });

    it('never serves files outside the viewer folder', async () => {
      for (const path of [
        '/../secret.txt',
        '/%2e%2e/secret.txt',
        '/assets/..%2f..%2fsecret.txt',
        '/%00.js',
      ]) {
        const response = await call(app, path);
        expect(await response.text(), path).not.toContain('do not serve');
      }
    });

    it('refuses requests whose Host is not this machine (DNS rebinding)', async () => {
      const rebinding = await call(app, '/api/users', { headers: { host: 'evil.example:7700' } });
      expect(rebinding.status).toBe(403);
      expect((await call(app, '/api/users', { headers: { host: 'localhost:7700' } })).status).toBe(200);
      expect((await call(app, '/api/users', { headers: { host: '[::1]:7700' } })).status).toBe(200);
    });

    it('sends no CORS headers unless origins are configured', async () => {
      const origin = { Origin: 'https://app.example' };
      const plain = await call(app, '/api/users', { headers: origin });
      expect(plain.headers.get('access-control-allow-origin')).toBeNull();
      const withCors = createApp({ memory, viewerDir: null, corsOrigins: ['https://app.example'] });
      const allowed = await call(withCors, '/api/users', { headers: origin });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    });

    it('guards reads too when the server listens beyond loopback', async () => {
      const open = createApp({
        memory,
        token: TOKEN,
        protectReads: true,
        loopbackHostsOnly: false,
        viewerDir: null,
      });
      expect((await call(open, '/api/users', { headers: { host: '10.0.0.5:7700' } })).status).toBe(401);
      expect((await call(open, '/api/users', { headers: { host: '10.0.0.5:7700', ...auth } })).status).toBe(
        200,
      );
      expect((await call(open, '/api/health', { headers: { host: '10.0.0.5:7700' } })).status).toBe(200);
    });
  });

  it("corrects (PATCH) and deletes (DELETE) one fact with the token; another user's fact is 404 and unchanged", async () => {
    const [tea] = (await memory.addTriples('ines', [{ subject: 'I', predicate: 'likes', object: 'tea' }]))
      .factUids;
    const [rome] = (await memory.facts('marco')).map((f) => f.uid);
    const patch = (user: string, uid: string, payload: unknown, headers: Record<string, string> = auth) =>
      call(app, `/api/users/${user}/facts/${uid}`, {
        method: 'PATCH',
        headers: { ...json, ...headers },
        body: JSON.stringify(payload),
      });
    expect((await patch('ines', tea as string, { object: 'green tea' }, {})).status).toBe(401);
    const fixed = await patch('ines', tea as string, { object: 'green tea' });
    expect(fixed.status).toBe(200);
    const result = await body<{ closed: string; factUid: string }>(fixed);
    expect(result.closed).toBe(tea);
    expect((await memory.facts('ines')).map((f) => f.object)).toEqual(['green tea']);
    expect((await patch('ines', tea as string, { object: 1 })).status).toBe(400);

    const before = await memory.facts('marco', { includeHistory: true });
    const foreign = await patch('ines', rome as string, { object: 'Paris' });
    expect(foreign.status).toBe(404);
    const del = (user: string, uid: string) =>
      call(app, `/api/users/${user}/facts/${uid}`, { method: 'DELETE', headers: auth });
    expect((await del('ines', rome as string)).status).toBe(404);
    expect(await memory.facts('marco', { includeHistory: true })).toEqual(before);
    expect((await del('ines', result.factUid)).status).toBe(200);
    expect(await memory.facts('ines')).toEqual([]);
  });
});
