import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { McpHttpOptions } from '../mcp/http.js';
import type { Memory } from '../memory/memory.js';
import { KgmemError } from '../model/errors.js';
import { confineUserTokens, requireToken } from './auth.js';
import { HttpError } from './http-error.js';
import { hostnameOf, isLoopbackHost } from './loopback.js';
import { registerReadRoutes } from './routes/read.js';
import { registerWriteRoutes } from './routes/write.js';
import { BUILT_VIEWER_DIR, serveViewer } from './static.js';

/** How {@link createApp} serves a memory. */
export interface AppOptions {
  memory: Memory;
  /** Bearer token for write routes (and for reads when `protectReads`). */
  token?: string;
  /** Require the token for reads too (the server listens beyond loopback). @default false */
  protectReads?: boolean;
  /**
   * Answer only requests whose `Host` names this machine, so a web page cannot reach a loopback
   * server through DNS rebinding. @default true
   */
  loopbackHostsOnly?: boolean;
  /** Origins allowed to call the API from a browser (CORS). @default none */
  corsOrigins?: string[];
  /** Built viewer folder; `null` serves the API only. @default the package's `viewer/dist` */
  viewerDir?: string | null;
  /** Largest accepted request body. @default 1 MiB */
  maxBodyBytes?: number;
  /** Serve MCP clients (streamable HTTP) at `/mcp`; off when not given. */
  mcp?: McpHttpOptions;
}

const STATUS_OF_ERROR: Record<string, 400 | 403 | 404 | 503> = {
  InvalidInputError: 400,
  StatementNotAllowedError: 403,
  CypherError: 400,
  NotFoundError: 404,
  DatabaseLockedError: 503,
  StoreUnavailableError: 503,
  ClosedError: 503,
};

/**
 * The HTTP app of `kgmem serve`: the JSON API under `/api` and the built viewer. Errors are
 * `{error}` with the matching status. Use it in-process with `app.request(...)` or serve it with
 * {@link startServer}.
 */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const { memory } = options;

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
  });
  if (options.loopbackHostsOnly ?? true) {
    app.use('*', async (c, next) => {
      const host = c.req.header('host');
      if (host !== undefined && !isLoopbackHost(hostnameOf(host))) {
        throw new HttpError(403, `Host "${host}" is not this machine; open the viewer at http://127.0.0.1`);
      }
      await next();
    });
  }
  if (options.corsOrigins?.length) {
    app.use('/api/*', cors({ origin: options.corsOrigins, allowHeaders: ['Authorization', 'Content-Type'] }));
  }
  if (options.protectReads) {
    const guard = requireToken(options.token, 'reading over the network');
    app.use('/api/*', async (c, next) => (c.req.path === '/api/health' ? next() : guard(c, next)));
  }

  const userTokens = options.mcp?.tokenUsers ?? {};
  if (Object.keys(userTokens).length > 0) app.use('/api/*', confineUserTokens(userTokens));

  registerReadRoutes(app, memory);
  registerWriteRoutes(app, memory, {
    ...(options.token !== undefined ? { token: options.token } : {}),
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
  });

  if (options.mcp) {
    const mcp = options.mcp;
    const http = {
      memory,
      protectReads: options.protectReads ?? false,
      ...(options.token ? { token: options.token } : {}),
    };
    app.all(
      '/mcp',
      bodyLimit({
        maxSize: options.maxBodyBytes ?? 1024 * 1024,
        onError: () => {
          throw new HttpError(
            413,
            `request body over ${options.maxBodyBytes ?? 1024 * 1024} bytes; start kgmem serve with a larger --max-body`,
          );
        },
      }),
      // The MCP SDK loads with the first MCP request, not with every `import 'kgmem'`.
      async (c) => (await import('../mcp/http.js')).handleMcpRequest(c, http, mcp),
    );
  }

  app.all('/api/*', (c) => c.json({ error: `no API route ${c.req.method} ${c.req.path}` }, 404));
  const viewerDir = options.viewerDir === undefined ? BUILT_VIEWER_DIR : options.viewerDir;
  app.get('*', (c) =>
    viewerDir === null ? c.json({ error: 'this server has no viewer' }, 404) : serveViewer(c, viewerDir),
  );
  app.notFound((c) => c.json({ error: `nothing at ${c.req.method} ${c.req.path}` }, 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json({ error: error.message }, error.status);
    if (error instanceof KgmemError) {
      return c.json({ error: error.message }, STATUS_OF_ERROR[error.name] ?? 500);
    }
    console.error(error);
    return c.json({ error: `internal error: ${error.message}` }, 500);
  });
  return app;
}
