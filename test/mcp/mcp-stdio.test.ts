import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Ajv } from 'ajv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeEnv } from '../helpers/backend.js';
import { runCli } from '../helpers/cli.js';
import { callTool, toolText } from '../helpers/mcp.js';
import { tempDir } from '../helpers/temp-dir.js';

const BIN = fileURLToPath(new URL('../../bin/kgmem.js', import.meta.url));

/** Starts the built `kgmem mcp` as a subprocess and connects the SDK's own client to it. */
async function connect(dataDir: string, args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    env: { PATH: process.env.PATH ?? '', KGMEM_DATA_DIR: dataDir, ...(storeEnv() as Record<string, string>) },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'kgmem-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const call = callTool;
const text = toolText;

describe('kgmem mcp over stdio', () => {
  let dir: { path: string; remove: () => void };
  let dataDir: string;

  beforeEach(async () => {
    dir = tempDir('kgmem-mcp-');
    dataDir = join(dir.path, 'data');
    // Another user's memory in the same database.
    const added = await runCli(['add', 'Bob', 'plays', 'chess', '--user', 'bob'], { dataDir });
    expect(added.code, added.stderr).toBe(0);
  });
  afterEach(() => dir.remove());

  it('initializes, lists its tools, stores facts and recalls them for the configured user', async () => {
    const client = await connect(dataDir, ['--user', 'alice']);
    try {
      expect(client.getServerVersion()?.name).toBe('kgmem');
      const tools = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(tools).toEqual(
        [
          'add_facts',
          'forget_entity',
          'forget_fact',
          'get_entity',
          'get_instructions',
          'get_profile',
          'list_episodes',
          'merge_entities',
          'recall',
          'remember',
          'search_entities',
          'split_entity',
          'update_fact',
          'update_instructions',
        ].sort(),
      );
      // Every result is structured, so every tool declares its shape (the client validates the
      // structured content of each call below against it).
      // Every schema compiles under Ajv's strict mode, as the MCP Inspector's checks compile them.
      const ajv = new Ajv({ strict: true, allErrors: true });
      for (const listed of (await client.listTools()).tools) {
        expect(listed.outputSchema, listed.name).toMatchObject({
          type: 'object',
          required: expect.any(Array),
        });
        expect(() => ajv.compile(listed.inputSchema), `${listed.name} input`).not.toThrow();
        expect(() => ajv.compile(listed.outputSchema ?? {}), `${listed.name} output`).not.toThrow();
      }
      const recallTool = (await client.listTools()).tools.find((t) => t.name === 'recall');
      expect(recallTool?.inputSchema.properties).toHaveProperty('query');
      expect(recallTool?.inputSchema.properties).not.toHaveProperty('user_id');

      const added = await call(client, 'add_facts', {
        facts: [
          { subject: 'I', predicate: 'live in', object: 'Lisbon' },
          { subject: 'Polar bear', predicate: 'likes', object: 'Pizza' },
        ],
      });
      expect(added.isError).toBeFalsy();
      expect(added.structuredContent).toMatchObject({ added: 2 });
      expect(text(added)).toContain('Stored 2 new facts');

      const recalled = await call(client, 'recall', { query: 'What does Polar bear like?' });
      expect(recalled.isError).toBeFalsy();
      const facts = (recalled.structuredContent as { facts: { statement: string; uid: string }[] }).facts;
      expect(facts.map((f) => f.statement)).toContain('Polar bear likes Pizza');
      expect(text(recalled)).toContain('Polar bear likes Pizza');

      const turn = await call(client, 'remember', { text: 'I work at the harbour museum.', thread_id: 't1' });
      expect(turn.isError, text(turn)).toBeFalsy();
      expect(turn.structuredContent).toMatchObject({ status: 'extracted' });
      const episodes = await call(client, 'list_episodes', {});
      expect(text(episodes)).toContain('harbour museum');

      const entity = await call(client, 'get_entity', { name_or_uid: 'Polar bear' });
      expect(text(entity)).toContain('Polar bear likes Pizza');
      const found = await call(client, 'search_entities', { query: 'polar bear' });
      expect(text(found)).toContain('Polar bear');

      // The user says two names are one bear: merged, then split back.
      await call(client, 'add_facts', {
        facts: [{ subject: 'Mr Snow', predicate: 'lives in', object: 'the zoo' }],
      });
      const merged = await call(client, 'merge_entities', {
        keep: 'Polar bear',
        other: 'Mr Snow',
        reason: 'one bear',
      });
      expect(merged.isError, text(merged)).toBeFalsy();
      expect(text(merged)).toContain('Merged "Mr Snow" into Polar bear: 1 facts moved.');
      expect(text(await call(client, 'get_entity', { name_or_uid: 'Mr Snow' }))).toContain(
        'Mr Snow lives in the zoo',
      );
      const split = await call(client, 'split_entity', { name_or_uid: 'Polar bear', alias: 'Mr Snow' });
      expect(text(split)).toContain('Split Mr Snow off Polar bear: 1 facts moved.');

      const pizza = facts.find((f) => f.statement === 'Polar bear likes Pizza');
      const corrected = await call(client, 'update_fact', { uid: pizza?.uid, object: 'Salmon' });
      expect(corrected.isError, text(corrected)).toBeFalsy();
      const after = await call(client, 'recall', { query: 'What does Polar bear like?' });
      const now = (after.structuredContent as { facts: { statement: string }[] }).facts.map(
        (f) => f.statement,
      );
      expect(now).toContain('Polar bear likes Salmon');
      expect(now).not.toContain('Polar bear likes Pizza');

      const summary = await client.readResource({ uri: 'kgmem://users/alice/summary' });
      const body = JSON.parse(String((summary.contents[0] as { text: string }).text));
      expect(body).toMatchObject({ user: 'alice' });
      expect(body.facts).toBeGreaterThanOrEqual(2);

      // The profile: a tool and a resource, from the facts that hold now.
      const profile = await call(client, 'get_profile', {});
      expect(profile.isError, text(profile)).toBeFalsy();
      expect(profile.structuredContent).toMatchObject({
        userId: 'alice',
        fields: { home: { value: 'Lisbon' }, employer: { value: 'harbour museum' } },
      });
      expect(text(profile)).toContain('About the user: home Lisbon; employer harbour museum');
      const before = await call(client, 'get_profile', { as_of: '2000-01-01' });
      expect(before.structuredContent).toMatchObject({ fields: { home: null } });
      const resource = await client.readResource({ uri: 'kgmem://users/alice/profile' });
      const document = JSON.parse(String((resource.contents[0] as { text: string }).text));
      expect(document.fields.home.value).toBe('Lisbon');
      await expect(client.readResource({ uri: 'kgmem://users/bob/profile' })).rejects.toThrow(/alice/);

      // Instructions learned from feedback: written for this user, read back with the shared ones.
      expect(text(await call(client, 'get_instructions', {}))).toBe('No instructions yet.');
      const learned = await call(client, 'update_instructions', {
        instructions: 'Answer in Portuguese.',
        reason: 'the user asked',
      });
      expect(learned.isError, text(learned)).toBeFalsy();
      expect(learned.structuredContent).toMatchObject({
        agentId: 'kgmem-agent',
        userId: 'alice',
        version: 1,
      });
      expect(text(await call(client, 'get_instructions', {}))).toBe('For this user: Answer in Portuguese.');
    } finally {
      await client.close();
    }
  });

  it('gives tool errors for bad arguments and library errors, and keeps serving', async () => {
    const client = await connect(dataDir, ['--user', 'alice']);
    try {
      const missing = await call(client, 'recall', {});
      expect(missing.isError).toBe(true);
      expect(text(missing)).toMatch(/query/);
      const wrongType = await call(client, 'add_facts', { facts: [{ subject: 'I', predicate: 'likes' }] });
      expect(wrongType.isError).toBe(true);
      const both = await call(client, 'remember', {
        text: 'hi',
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(both.isError).toBe(true);
      expect(text(both)).toContain('either messages');
      const unknown = await call(client, 'forget_fact', { uid: 'no-such-fact' });
      expect(unknown.isError).toBe(true);
      expect(text(unknown)).toContain('no fact no-such-fact');
      expect(text(unknown)).not.toContain('Memory.');
      // Still serving after the errors.
      const ok = await call(client, 'recall', { query: 'anything' });
      expect(ok.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it('never reaches a second user without --multi-user', async () => {
    const client = await connect(dataDir, ['--user', 'alice']);
    try {
      const named = await call(client, 'recall', { query: 'What does Bob play?', user_id: 'bob' });
      expect(named.isError).toBe(true);
      expect(text(named)).toMatch(/user_id/);
      const plain = await call(client, 'recall', { query: 'What does Bob play?' });
      expect(text(plain)).not.toContain('chess');
      expect((plain.structuredContent as { facts: unknown[] }).facts).toEqual([]);
      await expect(client.readResource({ uri: 'kgmem://users/bob/summary' })).rejects.toThrow(/alice/);
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).not.toContain('explore');
    } finally {
      await client.close();
    }
  });

  it('with --multi-user takes user_id per call', async () => {
    const client = await connect(dataDir, ['--multi-user']);
    try {
      const without = await call(client, 'recall', { query: 'What does Bob play?' });
      expect(without.isError).toBe(true);
      const bob = await call(client, 'recall', { query: 'What does Bob play?', user_id: 'bob' });
      expect(text(bob)).toContain('chess');
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).not.toContain('explore');
    } finally {
      await client.close();
    }
  });

  it('refuses --allow-cypher with --multi-user at start, saying why', async () => {
    const run = await runCli(['mcp', '--multi-user', '--allow-cypher'], { dataDir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--allow-cypher cannot be combined with --multi-user.*every user's memory/);
  });

  it('refuses to start without a user', async () => {
    const run = await runCli(['mcp'], { dataDir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--user');
  });
});
