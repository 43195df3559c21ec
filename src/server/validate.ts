import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { MemoryApi } from '../memory/api.js';
import { checkUserId } from '../model/validate.js';
import { HttpError } from './http-error.js';

declare module 'hono' {
  interface ContextVariableMap {
    /** The checked user id of a `/api/users/:user/…` route (see {@link userIdFromPath}). */
    userId: string;
  }
}

/** Each problem of a failed parse, `field: message`, joined. */
function problems(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : ''}${issue.message}`)
    .join('; ');
}

/**
 * Parses request input with a zod schema; a mismatch becomes a 400 naming each bad field, e.g.
 * `invalid query: limit: Too big: expected number to be <=100`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new HttpError(400, `invalid ${what}: ${problems(result.error)}`);
}

/** Validates a route's query string with a schema of `src/server/schemas.ts` (`c.req.valid('query')`). */
export function validQuery<S extends z.ZodType>(schema: S) {
  return zValidator('query', schema, (result) => {
    if (!result.success) throw new HttpError(400, `invalid query: ${problems(result.error)}`);
  });
}

/**
 * Validates a route's JSON body (`c.req.valid('json')`): a body not sent as JSON is a 415, one
 * that does not parse a 400, one that does not match the schema a 400 naming each bad field.
 */
export function validJson<S extends z.ZodType>(schema: S) {
  return [
    requireJson,
    zValidator('json', schema, (result) => {
      if (!result.success) throw new HttpError(400, `invalid body: ${problems(result.error)}`);
    }),
  ] as const;
}

/** Refuses a body not sent as JSON (415) or not valid JSON (400). */
const requireJson: MiddlewareHandler = async (c, next) => {
  await jsonBody(c);
  await next();
};

/** The request's JSON body: 415 when it is not sent as JSON, 400 when it does not parse. */
export async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'send the body as JSON with "Content-Type: application/json"');
  }
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, 'the request body is not valid JSON');
  }
}

/**
 * The one check of the user of every `/api/users/:user/…` route: the id is checked as the
 * library checks it (a 400 naming what is wrong) and set as `c.get('userId')`.
 */
export const userIdFromPath: MiddlewareHandler = async (c, next) => {
  const raw = c.req.param('user');
  if (raw !== undefined) c.set('userId', checkUserId(raw, 'user'));
  await next();
};

/** Refuses a read of a user the memory does not hold (404): after {@link userIdFromPath}. */
export function existingUser(memory: MemoryApi): MiddlewareHandler {
  return async (c, next) => {
    const userId = c.get('userId');
    if (!(await memory.hasUser(userId)))
      throw new HttpError(404, `no user "${userId}" in this memory; GET /api/users lists them`);
    await next();
  };
}
