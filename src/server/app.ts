import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { McpHttpOptions } from '../mcp/http.js';
import type { MemoryApi } from '../memory/api.js';
import { KgmemError } from '../model/errors.js';
import { KGMEM_VERSION, VERSION_HEADER } from '../version.js';
import { confineUserTokens, requireToken } from './auth.js';
import { HttpError } from './http-error.js';
import { hostnameOf, isLoopbackHost } from './loopback.js';
import { registerReadRoutes } from './routes/read.js';
import { registerWriteRoutes } from './routes/write.js';
import { BUILT_VIEWER_DIR, serveViewer } from './static.js';
import { userIdFromPath } from './validate.js';

/** How {@link createApp} serves a memory. */
export interface AppOptions {
  /** The memory served: a local `Memory`, or a client of the process holding it. */
  memory: MemoryApi;
  /**
   * Every request may write and run any statement, with no token: for the socket of the process
   * holding the memory, which its file permissions guard (owner only). Never for a TCP port.
   * @default false
   */
  trusted?: boolean;
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

const STATUS_OF_ERROR: Record<string, 400 | 401 | 403 | 404 | 409 | 503> = {
  InvalidInputError: 400,
  UnauthorizedError: 401,
  VersionMismatchError: 409,
  ExtractionError: 503,
  DimensionMismatchError: 409,
  EmbedderMismatchError: 409,
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

  // A kgmem client says its release; another release's client is refused, naming both.
  app.use('*', async (c, next) => {
    const client = c.req.header(VERSION_HEADER);
    if (client !== undefined && client !== KGMEM_VERSION) {
      c.header(VERSION_HEADER, KGMEM_VERSION);
      throw new HttpError(
        409,
        `this memory is served by kgmem ${KGMEM_VERSION} (process ${process.pid}) and this client is kgmem ${client}; ` +
          'use the same kgmem release on both sides (or stop the process holding the memory and open it with this one)',
        'VersionMismatchError',
      );
    }
    await next();
  });
  app.use('*', async (c, next) => {
    await next();
    c.header(VERSION_HEADER, KGMEM_VERSION);
  });
  // Hono's secure headers: nosniff, no referrer, never framed, no cross-origin opener; no HSTS
  // (the server speaks plain HTTP on loopback; HTTPS is a reverse proxy's to add).
  app.use(
    '*',
    secureHeaders({ xFrameOptions: 'DENY', referrerPolicy: 'no-referrer', strictTransportSecurity: false }),
  );
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

  // Every route of one user checks the id once, here (`c.get('userId')` in the route).
  app.use('/api/users/:user', userIdFromPath);
  app.use('/api/users/:user/*', userIdFromPath);
  registerReadRoutes(app, memory, options.trusted ? 'open' : options.token ? 'token' : 'none');
  registerWriteRoutes(app, memory, {
    trusted: options.trusted ?? false,
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
      // A browser page of another site may not talk to the MCP endpoint (the MCP specification:
      // an Origin that is present and not allowed gets 403, against DNS rebinding).
      async (c, next) => {
        const origin = c.req.header('origin');
        if (origin !== undefined && !allowedOrigin(origin, c.req.header('host'), options.corsOrigins ?? []))
          throw new HttpError(
            403,
            `Origin "${origin}" may not use this MCP server; add it with --cors <origins>`,
          );
        await next();
      },
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
    if (error instanceof HttpError)
      return c.json(
        { error: error.message, ...(error.errorName ? { name: error.errorName } : {}) },
        error.status,
      );
    if (error instanceof KgmemError) {
      return c.json({ error: error.message, name: error.name }, STATUS_OF_ERROR[error.name] ?? 500);
    }
    console.error(error);
    return c.json({ error: `internal error: ${error.message}` }, 500);
  });
  return app;
}

/** Whether a request's Origin is this server itself (the same host and port) or one allowed by CORS. */
function allowedOrigin(origin: string, host: string | undefined, corsOrigins: readonly string[]): boolean {
  if (corsOrigins.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    // Not a URL ("null" from a sandboxed page): not an origin this server knows.
    return false;
  }
}
