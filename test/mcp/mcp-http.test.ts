import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import { startServer } from '../../src/server/serve.js';
import { storeEnv } from '../helpers/backend.js';
import { runCli } from '../helpers/cli.js';
import { callTool, toolText } from '../helpers/mcp.js';
import { startServe } from '../helpers/serve.js';
import { tempDir } from '../helpers/temp-dir.js';

async function connect(url: string, token?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
  const client = new Client({ name: 'kgmem-http-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const call = callTool;

/** Waits (at most 10 s) until the server has printed `line`. */
async function printed(output: () => string, line: string): Promise<string> {
  for (let i = 0; i < 100 && !output().includes(line); i++) await new Promise((r) => setTimeout(r, 100));
  return output();
}

const text = toolText;

describe('MCP over streamable HTTP at /mcp on kgmem serve', () => {
  let dir: { path: string; remove: () => void };
  let dataDir: string;

  beforeEach(async () => {
    dir = tempDir('kgmem-mcp-http-');
    dataDir = join(dir.path, 'data');
    const added = await runCli(['add', 'Bob', 'plays', 'chess', '--user', 'bob'], { dataDir });
    expect(added.code, added.stderr).toBe(0);
  });
  afterEach(() => dir.remove());

  it('on loopback: reads without a token, writes with it, one user per token', async () => {
    const tokens = join(dir.path, 'tokens.json');
    writeFileSync(tokens, JSON.stringify({ 'bob-token-0123456789': 'bob' }));
    const server = await startServe(dataDir, [
      '--token',
      'server-secret-123',
      '--mcp-user',
      'alice',
      '--mcp-tokens',
      tokens,
    ]);
    try {
      expect(await printed(server.output, 'MCP (streamable HTTP)')).toContain('MCP (streamable HTTP)');
      const mcpUrl = `${server.url}mcp`;

      const reader = await connect(mcpUrl);
      const readTools = (await reader.listTools()).tools.map((t) => t.name);
      expect(readTools).toContain('recall');
      expect(readTools).not.toContain('add_facts');
      await reader.close();

      const writer = await connect(mcpUrl, 'server-secret-123');
      const added = await call(writer, 'add_facts', {
        facts: [{ subject: 'Polar bear', predicate: 'likes', object: 'Pizza' }],
      });
      expect(added.isError, text(added)).toBeFalsy();
      const recalled = await call(writer, 'recall', { query: 'What does Polar bear like?' });
      expect(text(recalled)).toContain('Polar bear likes Pizza');
      const other = await call(writer, 'recall', { query: 'chess', user_id: 'bob' });
      expect(other.isError).toBe(true);
      await writer.close();

      // Bob's token acts for bob only.
      const bob = await connect(mcpUrl, 'bob-token-0123456789');
      const chess = await call(bob, 'recall', { query: 'What does Bob play?' });
      expect(text(chess)).toContain('Bob plays chess');
      expect(text(await call(bob, 'recall', { query: 'What does Polar bear like?' }))).not.toContain('Pizza');
      await bob.close();

      const wrong = await fetch(mcpUrl, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer not-the-token',
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(wrong.status).toBe(401);

      // A page of another site may not call the server (the MCP specification: 403 for a foreign
      // Origin); the viewer's own origin, and an origin allowed by CORS, may.
      const listTools = (origin: string) =>
        fetch(mcpUrl, {
          method: 'POST',
          headers: {
            Origin: origin,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        });
      const foreign = await listTools('https://evil.example');
      expect(foreign.status).toBe(403);
      expect(((await foreign.json()) as { error: string }).error).toContain('add it with --cors');
      expect((await listTools('null')).status).toBe(403);
      expect((await listTools(new URL(server.url).origin)).status).toBe(200);

      // fetch cannot set Host: a raw request, as a DNS-rebinding page would send it.
      const rebinding = await new Promise<number>((resolve, reject) => {
        const req = request(
          mcpUrl,
          { method: 'POST', headers: { Host: 'evil.example', 'Content-Type': 'application/json' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
      expect(rebinding).toBe(403);
    } finally {
      await server.stop();
    }
  });

  it('beyond loopback: every MCP request needs the token', async () => {
    const memory = await createMemory({ dataDir, embeddings: new HashingEmbeddings(), env: storeEnv() });
    const server = await startServer({
      memory,
      host: '0.0.0.0',
      port: 0,
      token: 'server-secret-123',
      viewerDir: null,
      mcp: { user: 'bob' },
    });
    try {
      const mcpUrl = `http://127.0.0.1:${server.port}/mcp`;
      await expect(connect(mcpUrl)).rejects.toThrow(/401|Authorization/);
      const client = await connect(mcpUrl, 'server-secret-123');
      expect(text(await call(client, 'recall', { query: 'What does Bob play?' }))).toContain('chess');
      await client.close();
    } finally {
      await server.close();
      await memory.close();
    }
  });

  it('says how to turn MCP on when no user is configured', async () => {
    const server = await startServe(dataDir);
    try {
      expect(await printed(server.output, 'MCP at /mcp is off')).toContain('MCP at /mcp is off');
      await expect(connect(`${server.url}mcp`)).rejects.toThrow(/--mcp-user/);
    } finally {
      await server.stop();
    }
  });
});
