import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Context } from 'hono';
import type { MemoryApi } from '../memory/api.js';
import { bearerToken, tokensMatch } from '../server/auth.js';
import { HttpError } from '../server/http-error.js';
import { createMcpServer } from './server.js';

/** How `kgmem serve` answers MCP clients at `/mcp`. */
export interface McpHttpOptions {
  /** The memory user of requests that carry the server's own token or none. */
  user?: string;
  /** Clients with the server's own token (or none, on loopback) name the user per call. */
  multiUser?: boolean;
  /** Offer `cypher_read`. */
  allowCypher?: boolean;
  /**
   * Tokens that each stand for one memory user (`{token: user}`): a client presenting one acts
   * for that user only, whatever the server's other settings.
   */
  tokenUsers?: Readonly<Record<string, string>>;
}

/** What the HTTP layer tells the MCP handler about the server it runs in. */
export interface McpHttpContext {
  memory: MemoryApi;
  /** The server's bearer token, if any (it allows writes, as on the JSON API). */
  token?: string;
  /** Reads need a token too (the server listens beyond loopback). */
  protectReads: boolean;
}

/**
 * Handles one streamable-HTTP MCP request (stateless: a fresh MCP server per request, JSON
 * responses). Token rules are the JSON API's: on loopback a client without a token may read, and
 * tools that change memory need the server's token (or a per-user token); beyond loopback every
 * request needs one. The Host check of the app applies before this runs.
 */
export async function handleMcpRequest(
  c: Context,
  http: McpHttpContext,
  options: McpHttpOptions,
): Promise<Response> {
  const presented = bearerToken(c.req.header('authorization'));
  let user = options.user;
  let multiUser = options.multiUser ?? false;
  let allowWrites = false;
  const mapped =
    presented === undefined
      ? undefined
      : Object.entries(options.tokenUsers ?? {}).find(([token]) => tokensMatch(presented, token));
  if (mapped) {
    user = mapped[1];
    multiUser = false;
    allowWrites = true;
  } else if (presented !== undefined) {
    if (http.token === undefined || !tokensMatch(presented, http.token)) {
      c.header('WWW-Authenticate', 'Bearer realm="kgmem", error="invalid_token"');
      throw new HttpError(401, 'the bearer token matches neither the server token nor an MCP user token');
    }
    allowWrites = true;
  } else if (http.protectReads) {
    c.header('WWW-Authenticate', 'Bearer realm="kgmem"');
    throw new HttpError(401, 'MCP over the network needs the header "Authorization: Bearer <token>"');
  }
  if (user === undefined && !multiUser) {
    throw new HttpError(
      403,
      'this server has no MCP user: start `kgmem serve` with --mcp-user <id>, --mcp-multi-user, or per-user tokens (--mcp-tokens)',
    );
  }

  const server = await createMcpServer({
    memory: http.memory,
    ...(user !== undefined ? { user } : {}),
    multiUser,
    allowCypher: options.allowCypher ?? false,
    allowWrites,
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(c.req.raw);
  } finally {
    await server.close();
  }
}
