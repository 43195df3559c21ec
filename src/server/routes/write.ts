import type { Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { MemoryApi } from '../../memory/api.js';
import { StatementNotAllowedError } from '../../model/errors.js';
import { checkText } from '../../model/validate.js';
import type { CypherResult } from '../../store/base.js';
import { bearerToken, requireToken, tokensMatch } from '../auth.js';
import { resultRefs } from '../cypher-refs.js';
import { HttpError } from '../http-error.js';
import {
  cypherBody,
  cypherCheckBody,
  factCloseBody,
  factCorrectionBody,
  factUpdateBody,
  forgetBody,
  importBody,
  instructionsBody,
  mergeBody,
  reextractBody,
  rememberBody,
  splitBody,
  triplesBody,
} from '../schemas.js';
import { validJson } from '../validate.js';

/** How the write routes are guarded. */
export interface WriteRouteOptions {
  /** Writes and any statement need no token (the holder's socket, guarded by file permissions). */
  trusted: boolean;
  /** The bearer token writes need; without one, writes are refused (403). */
  token?: string;
  /** Largest accepted request body in bytes; larger ones get 413. */
  maxBodyBytes: number;
}

/** The write API: triples, conversation turns and deleting a user; each needs the bearer token. */
export function registerWriteRoutes(app: Hono, memory: MemoryApi, options: WriteRouteOptions): void {
  const guard: MiddlewareHandler = options.trusted
    ? async (_c, next) => next()
    : requireToken(options.token, 'writing over HTTP');
  const limit = bodyLimit({
    maxSize: options.maxBodyBytes,
    onError: () => {
      throw new HttpError(
        413,
        `request body is over ${options.maxBodyBytes} bytes; send fewer triples per request`,
      );
    },
  });

  // The Cypher console over HTTP, over the whole database: plain reads (the read-only policy)
  // for anyone who may read; with the server's token, any statement (as `kgmem cypher` on the
  // machine would). A per-user token never reaches it (see the app's per-user guard).
  app.post('/api/cypher', limit, ...validJson(cypherBody), async (c) => {
    const body = c.req.valid('json');
    const presented = bearerToken(c.req.header('authorization'));
    const mayWrite =
      options.trusted ||
      (options.token !== undefined && presented !== undefined && tokensMatch(presented, options.token));
    let result: CypherResult;
    try {
      result = await memory.cypher(body.statement, body.params, {
        readOnly: body.readOnly === true || !mayWrite,
        ...(body.maxRows ? { maxRows: body.maxRows } : {}),
        ...(body.timeoutMs ? { timeoutMs: body.timeoutMs } : {}),
      });
    } catch (error) {
      if (error instanceof StatementNotAllowedError && !mayWrite)
        throw new HttpError(
          403,
          `${error.message}. Without the token of \`kgmem serve\` the console runs plain reads of this database only; the owner runs anything with "Authorization: Bearer <token>"`,
          'StatementNotAllowedError',
        );
      throw error;
    }
    // The entities and facts the rows name, for the viewer to draw the result as a graph.
    return c.json({ ...result, refs: resultRefs(result.rows) });
  });

  app.post('/api/users/:user/triples', guard, limit, ...validJson(triplesBody), async (c) => {
    const userId = c.get('userId');
    const body = c.req.valid('json');
    const result = await memory.addTriples(userId, body.triples, {
      ...(body.source ? { source: body.source } : { source: 'http' }),
      ...(body.at ? { at: body.at } : {}),
      ...(body.similarityMerge !== undefined ? { similarityMerge: body.similarityMerge } : {}),
    });
    return c.json(result, 201);
  });

  app.post('/api/users/:user/remember', guard, limit, ...validJson(rememberBody), async (c) => {
    const userId = c.get('userId');
    const body = c.req.valid('json');
    const result = await memory.remember({
      userId,
      messages: body.messages,
      ...(body.threadId ? { threadId: body.threadId } : {}),
      ...(body.at ? { at: body.at } : {}),
      ...(body.userName ? { userName: body.userName } : {}),
      ...(body.triples ? { triples: body.triples } : {}),
    });
    return c.json(result, result.status === 'duplicate' ? 200 : 201);
  });

  app.patch('/api/users/:user/facts/:uid', guard, limit, ...validJson(factCorrectionBody), async (c) => {
    const userId = c.get('userId');
    const uid = checkText(c.req.param('uid'), 'fact uid', 'path');
    const body = c.req.valid('json');
    const result = await memory.updateFact(
      userId,
      { uid },
      {
        object: body.object,
        source: body.source ?? 'http',
        ...(body.predicate ? { predicate: body.predicate } : {}),
        ...(body.kind ? { kind: body.kind } : {}),
        ...(body.at ? { at: body.at } : {}),
      },
    );
    return c.json(result);
  });

  // Closes a current fact (no longer true from `at`, default now), keeping it as history.
  app.post('/api/users/:user/facts/:uid/close', guard, limit, ...validJson(factCloseBody), async (c) => {
    const userId = c.get('userId');
    const uid = checkText(c.req.param('uid'), 'fact uid', 'path');
    const body = c.req.valid('json');
    await memory.closeFact(userId, uid, {
      source: body.source ?? 'http',
      ...(body.at ? { at: body.at } : {}),
    });
    return c.json({ closed: true });
  });

  app.delete('/api/users/:user/facts/:uid', guard, async (c) => {
    const userId = c.get('userId');
    await memory.forgetFact(userId, checkText(c.req.param('uid'), 'fact uid', 'path'));
    return c.json({ deleted: true });
  });

  app.delete('/api/users/:user', guard, async (c) => {
    const userId = c.get('userId');
    const { deleted } = await memory.forget({ userId, all: true });
    if (!deleted) throw new HttpError(404, `no user "${userId}" in this memory`);
    return c.json({ deleted });
  });

  // Judges a statement for the read-only surfaces without running it.
  app.post('/api/cypher/check', limit, ...validJson(cypherCheckBody), async (c) => {
    const body = c.req.valid('json');
    return c.json(await memory.checkReadOnly(body.statement, body.params));
  });

  // A correction of a fact named by uid or by subject and predicate.
  app.post('/api/users/:user/facts/update', guard, limit, ...validJson(factUpdateBody), async (c) => {
    const userId = c.get('userId');
    const body = c.req.valid('json');
    const { correction } = body;
    return c.json(
      await memory.updateFact(userId, body.target, {
        object: correction.object,
        source: correction.source ?? 'http',
        ...(correction.predicate ? { predicate: correction.predicate } : {}),
        ...(correction.kind ? { kind: correction.kind } : {}),
        ...(correction.at ? { at: correction.at } : {}),
      }),
    );
  });

  // Two entities that are one thing become one (with a record a split undoes), and back.
  app.post('/api/users/:user/entities/merge', guard, limit, ...validJson(mergeBody), async (c) => {
    const body = c.req.valid('json');
    const options = body.reason === undefined ? {} : { reason: body.reason };
    return c.json(await memory.mergeEntities(c.get('userId'), body.keep, body.other, options));
  });

  app.post('/api/users/:user/entities/split', guard, limit, ...validJson(splitBody), async (c) => {
    const body = c.req.valid('json');
    return c.json(await memory.splitEntity(c.get('userId'), body.entity, body.alias));
  });

  // Forgets one fact, one entity with its facts, or the whole user: `{deleted}` says whether
  // anything was there.
  app.post('/api/users/:user/forget', guard, limit, ...validJson(forgetBody), async (c) => {
    const userId = c.get('userId');
    const body = c.req.valid('json');
    return c.json(await memory.forget({ userId, ...body }));
  });

  app.post('/api/users/:user/reextract', guard, limit, ...validJson(reextractBody), async (c) => {
    const userId = c.get('userId');
    const body = c.req.valid('json');
    return c.json({ results: await memory.reextract(userId, { failedOnly: body.failedOnly ?? false }) });
  });

  // Restores a backup (kgmem-export/2) into its user or `userId`, in one transaction.
  app.post('/api/agents/:agent/instructions', guard, limit, ...validJson(instructionsBody), async (c) => {
    const { text, reason, userId } = c.req.valid('json');
    const options = {
      ...(reason !== undefined ? { reason } : {}),
      ...(userId !== undefined ? { userId } : {}),
    };
    return c.json(await memory.setInstructions(c.req.param('agent'), text, options), 201);
  });

  app.post('/api/import', guard, limit, ...validJson(importBody), async (c) => {
    const body = c.req.valid('json');
    return c.json(await memory.importUser(body.document, body.userId ? { userId: body.userId } : {}), 201);
  });
}
