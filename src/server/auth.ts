import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { HttpError } from './http-error.js';

/**
 * Compares a presented bearer token with the configured one in constant time: both are hashed
 * first, so neither the content nor the length of the secret leaks through timing.
 */
export function tokensMatch(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The token of an `Authorization: Bearer <token>` header, or `undefined`. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * Confines per-user tokens (`--mcp-tokens`: each token acts for one memory user) to their user on
 * the JSON API: such a token reaches `/api/users/<its user>/…` and `/api/health`, nothing else
 * (not the console over the whole database, not the list of users, not another user's routes).
 */
export function confineUserTokens(tokenUsers: Readonly<Record<string, string>>): MiddlewareHandler {
  const entries = Object.entries(tokenUsers);
  return async (c, next) => {
    const presented = bearerToken(c.req.header('authorization'));
    const user =
      presented === undefined ? undefined : entries.find(([token]) => tokensMatch(presented, token))?.[1];
    if (user === undefined || c.req.path === '/api/health') return next();
    const own = `/api/users/${encodeURIComponent(user)}`;
    const path = c.req.path;
    const [, api, users, segment] = path.split('/');
    if (api === 'api' && users === 'users' && segment !== undefined && decoded(segment) === user)
      return next();
    throw new HttpError(
      403,
      `this token acts for user "${user}" only: it reaches /api/users/${encodeURIComponent(user)}/… (ready-made queries at ${own}/explore/<name>), not ${path}`,
    );
  };
}

/**
 * Requires `Authorization: Bearer <token>`. Without a configured token the guarded routes are
 * refused outright (403): writes over HTTP are opt-in.
 */
export function requireToken(token: string | undefined, what: string): MiddlewareHandler {
  return async (c, next) => {
    if (token === undefined) {
      throw new HttpError(
        403,
        `${what} is disabled: start \`kgmem serve\` with --token <secret> to allow it`,
      );
    }
    const presented = bearerToken(c.req.header('authorization'));
    if (presented === undefined) {
      c.header('WWW-Authenticate', 'Bearer realm="kgmem"');
      throw new HttpError(401, `${what} needs the header "Authorization: Bearer <token>"`);
    }
    if (!tokensMatch(presented, token)) {
      c.header('WWW-Authenticate', 'Bearer realm="kgmem", error="invalid_token"');
      throw new HttpError(401, 'the bearer token does not match the one `kgmem serve` was started with');
    }
    await next();
  };
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
