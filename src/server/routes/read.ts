import type { Hono } from 'hono';
import type { MemoryApi } from '../../memory/api.js';
import type { ProfileSchema } from '../../profile/schema.js';
import {
  entitiesQuery,
  entityQuery,
  episodesQuery,
  exploreBody,
  factsQuery,
  graphQuery,
  instructionsQuery,
  pathQuery,
  profileQuery,
  recallQuery,
  searchQuery,
  similarQuery,
  subgraphQuery,
} from '../schemas.js';
import { existingUser, parseInput, validQuery } from '../validate.js';

/**
 * Whether this server takes writes: from anyone (`open`: the trusted socket), with its token
 * (`token`), or not at all (`none`: started without a token). The viewer offers write actions
 * only when it does.
 */
export type WriteAccess = 'open' | 'token' | 'none';

/** The read-only API: what the viewer and an analyst's scripts use. */
export function registerReadRoutes(app: Hono, memory: MemoryApi, writes: WriteAccess = 'none'): void {
  const existing = existingUser(memory);
  app.get('/api/health', async (c) => c.json({ ok: true, writes, ...(await memory.describe()) }));

  app.get('/api/users', async (c) => {
    const users = await memory.users();
    const withStats = [];
    for (const id of users) withStats.push({ id, ...(await memory.stats(id)) });
    return c.json({ users: withStats });
  });

  app.get('/api/users/:user/graph', existing, validQuery(graphQuery), async (c) => {
    const userId = c.get('userId');
    const q = c.req.valid('query');
    const view = await memory.graph(userId, {
      limit: q.limit,
      hops: q.hops,
      ...(q.asOf ? { asOf: q.asOf } : {}),
      ...(q.history ? { includeHistory: true } : {}),
      ...(q.around ? { around: q.around } : {}),
      ...(q.predicates?.length ? { predicates: q.predicates } : {}),
      ...(q.types?.length ? { types: q.types } : {}),
    });
    return c.json({ ...view, attributes: { ...view.attributes, ...(await memory.stats(userId)) } });
  });

  app.get('/api/users/:user/entities/:uid', existing, validQuery(entityQuery), async (c) => {
    const userId = c.get('userId');
    const q = c.req.valid('query');
    return c.json(await memory.entity(userId, c.req.param('uid'), { factLimit: q.factLimit }));
  });

  app.get('/api/users/:user/recall', existing, validQuery(recallQuery), async (c) => {
    const userId = c.get('userId');
    const q = c.req.valid('query');
    return c.json(
      await memory.recall({
        userId,
        query: q.q,
        limit: q.limit,
        ...(q.hops ? { hops: q.hops } : {}),
        ...(q.asOf ? { asOf: q.asOf } : {}),
        ...(q.history ? { includeHistory: true } : {}),
        ...(q.maxChars !== undefined ? { maxChars: q.maxChars } : {}),
        ...(q.explain ? { explain: true } : {}),
        ...(q.profile === false ? { profile: false } : {}),
      }),
    );
  });

  app.get('/api/users/:user/merges', existing, async (c) => c.json(await memory.merges(c.get('userId'))));

  app.get('/api/users/:user/facts', existing, validQuery(factsQuery), async (c) => {
    const userId = c.get('userId');
    const q = c.req.valid('query');
    return c.json({
      facts: await memory.facts(userId, {
        limit: q.limit,
        ...(q.entity ? { entity: q.entity } : {}),
        ...(q.predicate ? { predicate: q.predicate } : {}),
        ...(q.history ? { includeHistory: true } : {}),
        ...(q.asOf ? { asOf: q.asOf } : {}),
      }),
    });
  });

  // The user's profile (empty fields for a user with no memory, as the library gives it).
  app.get('/api/users/:user/profile', validQuery(profileQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await memory.profile(c.get('userId'), {
        ...(q.asOf ? { asOf: q.asOf } : {}),
        ...(q.schema !== undefined ? { schema: q.schema as ProfileSchema } : {}),
      }),
    );
  });

  // An agent's instructions, every version (for every user, or for one).
  app.get('/api/agents/:agent/instructions', validQuery(instructionsQuery), async (c) => {
    const q = c.req.valid('query');
    const scope = q.user !== undefined ? { userId: q.user } : {};
    return c.json({ versions: await memory.instructionVersions(c.req.param('agent'), scope) });
  });

  // A backup of the user's whole memory (kgmem-export/2), as `kgmem export` writes it.
  app.get('/api/users/:user/export', existing, async (c) => {
    const userId = c.get('userId');
    return c.json(await memory.exportUser(userId));
  });

  app.get('/api/users/:user/entities', existing, validQuery(entitiesQuery), async (c) => {
    const userId = c.get('userId');
    const q = c.req.valid('query');
    return c.json({ entities: await memory.entities(userId, { limit: q.limit }) });
  });

  app.get('/api/users/:user/episodes', existing, validQuery(episodesQuery), async (c) => {
    const userId = c.get('userId');
    const q = c.req.valid('query');
    const episodes = await memory.listEpisodes(userId, {
      limit: q.limit,
      ...(q.status ? { status: q.status } : {}),
      ...(q.thread ? { threadId: q.thread } : {}),
      ...(q.uids ? { uids: q.uids } : {}),
    });
    return c.json({ episodes });
  });

  // Entities of the whole memory by name as it is typed: prefix, word starts, near spellings.
  app.get('/api/users/:user/search', existing, validQuery(searchQuery), async (c) => {
    const userId = c.get('userId');
    const q = c.req.valid('query');
    return c.json({ entities: await memory.findEntities(userId, q.q, { limit: q.limit }) });
  });

  // The entities and facts of a console result (by uid) as a graph: only this user's.
  app.get('/api/users/:user/subgraph', existing, validQuery(subgraphQuery), async (c) => {
    const userId = c.get('userId');
    const q = c.req.valid('query');
    return c.json(await memory.subgraph(userId, q.uids));
  });

  // The ready-made analyst queries (cypher/explore) for this backend, for the browser console.
  app.get('/api/cypher/examples', async (c) => c.json({ examples: await memory.exploreQueries() }));

  // One ready-made query for one user, the user bound by the server: the per-user way to
  // explore with Cypher (what a per-user token or an MCP client gets instead of the console).
  app.post('/api/users/:user/explore/:name', existing, async (c) => {
    const userId = c.get('userId');
    const body = parseInput(exploreBody, await c.req.json().catch(() => ({})), 'body');
    const result = await memory.explore(userId, c.req.param('name'), body.params, {
      ...(body.maxRows ? { maxRows: body.maxRows } : {}),
      ...(body.timeoutMs ? { timeoutMs: body.timeoutMs } : {}),
    });
    return c.json(result);
  });

  app.get('/api/users/:user/path', existing, validQuery(pathQuery), async (c) => {
    const userId = c.get('userId');
    const q = c.req.valid('query');
    const path = await memory.path(userId, q.from, q.to, {
      maxHops: q.maxHops,
      ...(q.asOf ? { asOf: q.asOf } : {}),
    });
    return c.json({ found: path !== null, ...(path ?? { entities: [], facts: [] }) });
  });

  // A user's sizes, and whether they have a memory at all (no 404 for an unknown user).
  app.get('/api/users/:user/stats', async (c) => {
    const userId = c.get('userId');
    const exists = await memory.hasUser(userId);
    return c.json({ exists, ...(await memory.stats(userId)) });
  });

  // The relations a user's memory uses.
  app.get('/api/users/:user/predicates', existing, async (c) => {
    const userId = c.get('userId');
    return c.json({ predicates: await memory.predicates(userId) });
  });

  // Entities by name and by embedding similarity (an embedding call; `search` needs none).
  app.get('/api/users/:user/similar', existing, validQuery(similarQuery), async (c) => {
    const userId = c.get('userId');
    const q = c.req.valid('query');
    return c.json({ entities: await memory.searchEntities(userId, q.q, { limit: q.limit }) });
  });
}
