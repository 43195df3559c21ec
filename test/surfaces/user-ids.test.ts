import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryTools } from '../../src/langgraph/tools.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { createMemory } from '../../src/memory/create.js';
import type { Memory } from '../../src/memory/memory.js';
import { createApp } from '../../src/server/app.js';
import { keepDataAcrossTests, storeEnv } from '../helpers/backend.js';

// The tests read what beforeAll wrote.
keepDataAcrossTests();

import { runCli } from '../helpers/cli.js';
import { callTool, toolText } from '../helpers/mcp.js';
import { tempDir } from '../helpers/temp-dir.js';

const TOKEN = 'user-ids-token-123';

/**
 * User ids are exact on every surface: an id with surrounding whitespace is refused with the same
 * kind of error, and "alice" keeps only what was written for "alice".
 */
describe('user ids are exact or refused, on every surface', () => {
  let dir: { path: string; remove: () => void };
  let dataDir: string;
  let memory: Memory;

  beforeAll(async () => {
    dir = tempDir('kgmem-user-ids-');
    dataDir = join(dir.path, 'data');
    memory = await createMemory({ dataDir, env: storeEnv() });
    await memory.addTriples('alice', [{ subject: 'I', predicate: 'lives_in', object: 'Paris' }]);
  });
  afterAll(async () => {
    await memory.close();
    dir.remove();
  });

  const aliceStillOnly = async () => {
    expect((await memory.facts('alice')).map((f) => f.object)).toEqual(['Paris']);
    expect(await memory.users()).toEqual(['alice']);
  };

  it('the HTTP API answers 400 naming the id, for reads and writes', async () => {
    const app = createApp({ memory, token: TOKEN });
    const request = (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('host', '127.0.0.1:7700');
      return Promise.resolve(app.request(`http://127.0.0.1:7700${path}`, { ...init, headers }));
    };
    const write = await request('/api/users/alice%20/triples', {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ triples: [{ subject: 'I', predicate: 'lives_in', object: 'Rome' }] }),
    });
    expect(write.status).toBe(400);
    expect(await write.text()).toMatch(/whitespace/);
    const read = await request('/api/users/%20alice/facts');
    expect(read.status).toBe(400);
    await aliceStillOnly();
  });

  it('MCP refuses such a user_id (multi-user) and such a --user (single user)', async () => {
    const server = await createMcpServer({ memory, multiUser: true });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    const added = await callTool(client, 'add_facts', {
      user_id: 'alice ',
      facts: [{ subject: 'I', predicate: 'lives_in', object: 'Rome' }],
    });
    expect(added.isError).toBe(true);
    expect(toolText(added)).toMatch(/whitespace/);
    await client.close();
    await expect(createMcpServer({ memory, user: 'alice ' })).rejects.toThrow(/whitespace/);
    await aliceStillOnly();
  });

  it('the LangGraph tools refuse such a configurable.user_id', async () => {
    const [save] = createMemoryTools(memory);
    await expect(
      save?.invoke(
        { triples: [{ subject: 'I', predicate: 'lives_in', object: 'Rome' }] },
        { configurable: { user_id: 'alice ', thread_id: 't' } },
      ),
    ).rejects.toThrow(/whitespace/);
    await aliceStillOnly();
  });

  it('the command line exits with a usage error naming the id', async () => {
    await memory.close();
    try {
      const run = await runCli(['add', 'I', 'lives_in', 'Rome', '--user', 'alice '], { dataDir });
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(/"alice " has leading or trailing whitespace/);
      const facts = await runCli(['facts', '--user', 'alice', '--json'], { dataDir });
      expect(JSON.parse(facts.stdout).map((f: { object: string }) => f.object)).toEqual(['Paris']);
    } finally {
      memory = await createMemory({ dataDir, env: storeEnv() });
    }
  });
});
