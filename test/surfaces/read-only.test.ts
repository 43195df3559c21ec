import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeEnv, testBackend } from '../helpers/backend.js';
import { runCli } from '../helpers/cli.js';
import { callTool, toolText } from '../helpers/mcp.js';
import { startServe } from '../helpers/serve.js';
import { tempDir } from '../helpers/temp-dir.js';

const BIN = fileURLToPath(new URL('../../bin/kgmem.js', import.meta.url));
const OWNER = 'owner-token-0123456789';
const ALICE = 'alice-token-0123456789';

// The backend of this test project (see vitest.config.ts): the probe runs on each in turn.
const backend = { name: testBackend(), env: storeEnv() };

/** The held-out probe of issue #33 on each surface, on this project's backend. */
describe(`read-only Cypher surfaces on ${backend.name}: no files, no other user, the owner still writes`, () => {
  let dir: { path: string; remove: () => void };
  let dataDir: string;
  let host: string;
  const cli = (args: string[]) => runCli(args, { dataDir, env: backend.env });

  /** The statements of the probe for this backend, aimed at files in `host`. */
  const escapes = (): string[] => {
    const secret = join(host, 'secret.csv');
    return backend.name === 'ladybug'
      ? [
          `LOAD FROM '${secret}' (file_format='csv', header=false) RETURN *`,
          `COPY (MATCH (e:Entity) RETURN e.name) TO '${join(host, 'out.csv')}'`,
          `EXPORT DATABASE '${join(host, 'dump')}'`,
          `ATTACH '${join(host, 'other.lbug')}' AS other (dbtype lbug)`,
          'INSTALL json',
        ]
      : [
          `LOAD CSV FROM 'file://${secret}' AS line RETURN line`,
          'CALL dbms.listConfig() YIELD name RETURN name',
          'SHOW USERS',
        ];
  };
  const hostFiles = () => readdirSync(host).sort();

  beforeEach(async () => {
    dir = tempDir('kgmem-read-only-');
    dataDir = join(dir.path, 'data');
    host = join(dir.path, 'host');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(host);
    writeFileSync(join(host, 'secret.csv'), 'root:x:0:0\n');
    for (const [user, object] of [
      ['alice', 'Paris'],
      ['bob', 'Oslo'],
    ] as const) {
      const added = await cli(['add', 'I', 'lives_in', object, '--user', user]);
      expect(added.code, added.stderr).toBe(0);
    }
  });
  afterEach(() => dir.remove());

  it('HTTP console without a token refuses each escape, naming it; the owner token still writes', async () => {
    const server = await startServe(dataDir, ['--token', OWNER], backend.env);
    try {
      const console = (statement: string, token?: string) =>
        fetch(`${server.url}api/cypher`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ statement }),
        });
      for (const statement of escapes()) {
        const response = await console(statement);
        const body = (await response.json()) as { error: string };
        expect(response.status, statement).toBe(403);
        expect(body.error).toMatch(/^read-only: (LOAD|COPY|EXPORT|ATTACH|INSTALL|CALL|SHOW)/);
        expect(body.error).toContain('nothing was run');
      }
      expect(hostFiles()).toEqual(['secret.csv']);
      // Plain reads still run without the token (the viewer's console).
      const read = await console('MATCH (e:Entity) RETURN count(e) AS n');
      expect(read.status).toBe(200);
      // The owner's token keeps the full console.
      const write = await console(
        "MERGE (m:Meta {key: 'owner-probe'}) SET m.value = 'yes' RETURN m.value AS value",
        OWNER,
      );
      expect(write.status, await write.clone().text()).toBe(200);
      expect(((await write.json()) as { rows: { value: string }[] }).rows).toEqual([{ value: 'yes' }]);
    } finally {
      await server.stop();
    }
  });

  it('HTTP with a per-user token: no console, no other user; the ready-made queries for its own', async () => {
    const tokens = join(dir.path, 'tokens.json');
    writeFileSync(tokens, JSON.stringify({ [ALICE]: 'alice' }));
    const server = await startServe(dataDir, ['--token', OWNER, '--mcp-tokens', tokens], backend.env);
    try {
      const asAlice = (path: string, init: RequestInit = {}) =>
        fetch(`${server.url}${path}`, {
          ...init,
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ALICE}` },
        });
      const consoleCall = await asAlice('api/cypher', {
        method: 'POST',
        body: JSON.stringify({ statement: 'MATCH (e:Entity)-[f:FACT]->(o) RETURN o.name' }),
      });
      expect(consoleCall.status).toBe(403);
      expect(((await consoleCall.json()) as { error: string }).error).toMatch(/acts for user "alice" only/);
      expect((await asAlice('api/users/bob/facts')).status).toBe(403);
      expect((await asAlice('api/users')).status).toBe(403);
      const own = (await (await asAlice('api/users/alice/facts')).json()) as {
        facts: { object: string }[];
      };
      expect(own.facts.map((f) => f.object)).toEqual(['Paris']);
      const explored = await asAlice('api/users/alice/explore/current-facts', {
        method: 'POST',
        body: JSON.stringify({ params: { userId: 'bob' } }),
      });
      expect(explored.status).toBe(200);
      const rows = ((await explored.json()) as { rows: { object: string }[] }).rows.map((r) => r.object);
      expect(rows).toEqual(['Paris']);
    } finally {
      await server.stop();
    }
  });

  it('MCP over stdio offers no raw Cypher; its explore tool sees the one user it serves', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--user', 'alice', '--allow-cypher'],
      env: {
        PATH: process.env.PATH ?? '',
        KGMEM_DATA_DIR: dataDir,
        OPENAI_API_KEY: '',
        ...(backend.env as Record<string, string>),
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'read-only-probe', version: '1.0.0' });
    await client.connect(transport);
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toContain('explore');
      expect(tools).not.toContain('cypher_read');
      for (const statement of escapes()) {
        const raw = await callTool(client, 'cypher_read', { statement }).catch((error: Error) => ({
          isError: true,
          content: [{ type: 'text' as const, text: error.message }],
        }));
        expect(raw.isError).toBe(true);
      }
      const explored = await callTool(client, 'explore', {
        query: 'current-facts',
        params: { userId: 'bob' },
      });
      expect(explored.isError, toolText(explored)).toBeFalsy();
      const objects = (explored.structuredContent as { rows: { object: string }[] }).rows.map(
        (r) => r.object,
      );
      expect(objects).toEqual(['Paris']);
      const injected = await callTool(client, 'explore', { query: 'MATCH (n) RETURN n' });
      expect(injected.isError).toBe(true);
      expect(toolText(injected)).toMatch(/no ready-made query/);
      expect(hostFiles()).toEqual(['secret.csv']);
    } finally {
      await client.close();
    }
  });

  it('MCP over HTTP: --allow-cypher with per-user tokens is refused at start; a token sees its user only', async () => {
    const tokens = join(dir.path, 'tokens.json');
    writeFileSync(tokens, JSON.stringify({ [ALICE]: 'alice' }));
    const refused = await runCli(['serve', '--port', '0', '--mcp-tokens', tokens, '--allow-cypher'], {
      dataDir,
      env: backend.env,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--allow-cypher cannot be combined with --mcp-tokens/);

    const server = await startServe(dataDir, ['--token', OWNER, '--mcp-tokens', tokens], backend.env);
    const client = new Client({ name: 'read-only-probe', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.url}mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${ALICE}` } },
        }),
      );
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).not.toContain('cypher_read');
      expect(tools).not.toContain('explore');
      const recalled = await callTool(client, 'recall', { query: 'where do I live' });
      expect(toolText(recalled)).toContain('Paris');
      expect(toolText(recalled)).not.toContain('Oslo');
    } finally {
      await client.close();
      await server.stop();
    }
  });
});
