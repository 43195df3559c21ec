import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, lstatSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RemoteMemory } from '../../src/client/remote-memory.js';
import { VersionMismatchError } from '../../src/model/errors.js';
import { readHolder } from '../../src/store/ladybug/holder.js';
import { KGMEM_VERSION } from '../../src/version.js';
import { runCli } from '../helpers/cli.js';
import { callTool, toolText } from '../helpers/mcp.js';
import { startServe } from '../helpers/serve.js';
import { tempDir } from '../helpers/temp-dir.js';

const BIN = fileURLToPath(new URL('../../bin/kgmem.js', import.meta.url));
const LIBRARY = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const THROUGH = /^kgmem: .+ is open in process (\d+) \((.+)\); going through it$/m;

interface RecalledFact {
  uid: string;
  statement: string;
}

/** Waits (at most 30 s) until the holder file names a live process serving a socket. */
async function holderSocket(dataDir: string, notPid?: number): Promise<{ pid: number; socketPath: string }> {
  for (let i = 0; i < 300; i++) {
    const holder = readHolder(join(dataDir, 'graph.lbug'));
    if (holder?.socketPath && holder.pid !== notPid && existsSync(holder.socketPath))
      return { pid: holder.pid, socketPath: holder.socketPath };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no process started serving ${dataDir}`);
}

/** A library process that opens the memory and waits; resolves once it holds it. */
function libraryHolder(dataDir: string): Promise<ChildProcess> {
  const script = `import { createMemory } from ${JSON.stringify(LIBRARY)};
await createMemory({ dataDir: ${JSON.stringify(dataDir)} });
process.stdout.write('ready\\n');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, OPENAI_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the library holder did not start')), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`the library holder exited with ${code}`)));
  });
}

describe('the process holding the embedded memory serves every other kgmem process', () => {
  let dir: { path: string; remove: () => void };
  let dataDir: string;
  const kgmem = (args: string[]) => runCli(args, { dataDir });

  beforeEach(() => {
    dir = tempDir('kgmem-holder-');
    dataDir = join(dir.path, 'data');
  });
  afterEach(() => dir.remove());

  it('while kgmem mcp runs, recall, add, forget --fact and serve work from other processes and see each other', async () => {
    expect((await kgmem(['add', 'I', 'lives_in', 'Lisbon', '--user', 'me'])).code).toBe(0);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--user', 'me'],
      env: { PATH: process.env.PATH ?? '', KGMEM_DATA_DIR: dataDir, KGMEM_STORE: 'ladybug' },
      stderr: 'pipe',
    });
    const mcp = new Client({ name: 'kgmem-test', version: '1.0.0' });
    await mcp.connect(transport);
    const mcpPid = transport.pid as number;
    try {
      const { pid, socketPath } = await holderSocket(dataDir);
      expect(pid).toBe(mcpPid);
      expect(lstatSync(socketPath).mode & 0o777).toBe(0o600);
      expect(lstatSync(join(socketPath, '..')).mode & 0o777).toBe(0o700);

      // A write from the CLI goes through the MCP process, which sees it at once.
      const added = await kgmem(['add', 'I', 'works_at', 'Acme', '--user', 'me']);
      expect(added.code, added.stderr).toBe(0);
      expect(added.stderr.match(THROUGH)?.slice(1)).toEqual([String(mcpPid), 'kgmem mcp --user me']);
      const seenByMcp = toolText(await callTool(mcp, 'recall', { query: 'Where do I work?' }));
      expect(seenByMcp).toContain('User works at Acme');

      // A write through MCP is recalled by the CLI.
      await callTool(mcp, 'add_facts', { facts: [{ subject: 'I', predicate: 'plays', object: 'cello' }] });
      const recall = await kgmem(['recall', 'Which instrument do I play?', '--user', 'me', '--json']);
      expect(recall.code, recall.stderr).toBe(0);
      expect(recall.stderr).toMatch(THROUGH);
      const facts = (JSON.parse(recall.stdout) as { facts: RecalledFact[] }).facts;
      expect(facts[0]?.statement).toBe('User plays cello');

      // Forgetting from the CLI: MCP no longer recalls it.
      const cello = facts[0]?.uid as string;
      const forgot = await kgmem(['forget', '--user', 'me', '--fact', cello]);
      expect(forgot.code, forgot.stderr).toBe(0);
      expect(toolText(await callTool(mcp, 'recall', { query: 'Which instrument do I play?' }))).not.toContain(
        'cello',
      );

      // kgmem serve started now serves the viewer and the API through the MCP process.
      const server = await startServe(dataDir);
      try {
        expect(server.output()).toMatch(THROUGH);
        const response = await fetch(
          `${server.url}api/users/me/recall?q=${encodeURIComponent('where do I work')}`,
        );
        expect(response.status).toBe(200);
        const body = (await response.json()) as { facts: RecalledFact[] };
        expect(body.facts[0]?.statement).toBe('User works at Acme');
        expect(body.facts.map((f) => f.statement)).not.toContain('User plays cello');
        // And a write through the server's holder is seen by the CLI.
        await callTool(mcp, 'add_facts', { facts: [{ subject: 'I', predicate: 'likes', object: 'tea' }] });
        const users = (await (await fetch(`${server.url}api/users`)).json()) as {
          users: { id: string; currentFacts: number }[];
        };
        expect(users.users).toEqual([expect.objectContaining({ id: 'me', currentFacts: 3 })]);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      await mcp.close();
    }
    // The MCP process has exited: the next command opens the memory itself and finds everything.
    for (let i = 0; i < 100 && readHolder(join(dataDir, 'graph.lbug')); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await kgmem(['facts', '--user', 'me', '--json']);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stderr).toBe('');
    expect((JSON.parse(after.stdout) as RecalledFact[]).map((f) => f.statement).sort()).toEqual([
      'User likes tea',
      'User lives in Lisbon',
      'User works at Acme',
    ]);
  });

  it('a socket left by a holder killed with kill -9 is found dead and replaced by the next holder', async () => {
    expect((await kgmem(['add', 'I', 'lives_in', 'Lisbon', '--user', 'me'])).code).toBe(0);
    const first = await libraryHolder(dataDir);
    const { socketPath } = await holderSocket(dataDir);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    // The killed process left its socket file behind.
    expect(lstatSync(socketPath).isSocket()).toBe(true);

    // The next process opens the database itself (the lock died with the holder).
    const direct = await kgmem(['add', 'I', 'likes', 'tea', '--user', 'me']);
    expect(direct.code, direct.stderr).toBe(0);
    expect(direct.stderr).toBe('');

    // Killed again, and the next holder replaces the dead socket and serves through it.
    const second = await libraryHolder(dataDir);
    const third = await (async () => {
      const held = await holderSocket(dataDir);
      second.kill('SIGKILL');
      await new Promise((resolve) => second.once('exit', resolve));
      expect(lstatSync(held.socketPath).isSocket()).toBe(true);
      return libraryHolder(dataDir);
    })();
    try {
      const { pid } = await holderSocket(dataDir, second.pid);
      expect(pid).toBe(third.pid);
      const through = await kgmem(['facts', '--user', 'me', '--json']);
      expect(through.code, through.stderr).toBe(0);
      expect(through.stderr.match(THROUGH)?.[1]).toBe(String(third.pid));
      expect(JSON.parse(through.stdout)).toHaveLength(2);
    } finally {
      third.kill('SIGTERM');
      await new Promise((resolve) => third.once('exit', resolve));
    }
  });

  it('a client of another kgmem version gets a clear error, both ways', async () => {
    expect((await kgmem(['add', 'I', 'lives_in', 'Lisbon', '--user', 'me'])).code).toBe(0);
    const holder = await libraryHolder(dataDir);
    try {
      const { socketPath } = await holderSocket(dataDir);
      // An older (or newer) client says its version: the holder refuses it, naming both.
      const answer = await new Promise<{ status: number; body: { error: string; name: string } }>(
        (resolve, reject) => {
          const outgoing = request(
            {
              socketPath,
              path: '/api/users',
              headers: { Host: 'localhost', 'X-Kgmem-Version': '0.0.9' },
            },
            (incoming) => {
              let text = '';
              incoming.on('data', (chunk) => {
                text += chunk;
              });
              incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: JSON.parse(text) }));
            },
          );
          outgoing.on('error', reject);
          outgoing.end();
        },
      );
      expect(answer.status).toBe(409);
      expect(answer.body.name).toBe('VersionMismatchError');
      expect(answer.body.error).toContain(`served by kgmem ${KGMEM_VERSION}`);
      expect(answer.body.error).toContain('this client is kgmem 0.0.9');
    } finally {
      holder.kill('SIGTERM');
      await new Promise((resolve) => holder.once('exit', resolve));
    }

    // A holder of another version: this client refuses its answers, naming both.
    const fakeSocket = join(dir.path, 'other.sock');
    const other = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Kgmem-Version': '9.9.9' });
      res.end(JSON.stringify({ users: [] }));
    });
    await new Promise<void>((resolve) => other.listen(fakeSocket, resolve));
    try {
      const client = new RemoteMemory({ socketPath: fakeSocket });
      const error = await client.users().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VersionMismatchError);
      expect((error as Error).message).toContain(`is kgmem 9.9.9 and this is kgmem ${KGMEM_VERSION}`);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
