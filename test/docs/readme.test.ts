import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { OpenAIStub } from '../helpers/openai-stub.js';
import { tempDir } from '../helpers/temp-dir.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The code blocks of one README section, with their language. */
function blocks(section: string): { lang: string; code: string }[] {
  const start = README.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`README has no section "${section}"`);
  const end = README.indexOf('\n## ', start + 1);
  const text = README.slice(start, end < 0 ? undefined : end);
  return [...text.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1] ?? '', code: m[2] ?? '' }));
}

/** The README's samples run as printed, so they cannot drift from what kgmem does. */
describe('README samples', () => {
  const dir = tempDir('kgmem-readme-');
  afterAll(() => dir.remove());

  it('stays a guide: at most 2,500 words', () => {
    expect(README.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(2500);
  });

  it('"Your first personal memory" runs command by command and answers as its comments say', async () => {
    const [shell] = blocks('Your first personal memory');
    const commands = (shell?.code ?? '')
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter((line) => line.startsWith('npx kgmem ') && !line.startsWith('npx kgmem serve'));
    expect(commands.length).toBeGreaterThanOrEqual(5);
    const dataDir = join(dir.path, 'first');
    const outputs: string[] = [];
    for (const command of commands) {
      // The words of one command, quoted arguments kept whole.
      const args = [...command.slice('npx kgmem '.length).matchAll(/"([^"]*)"|(\S+)/g)].map(
        (m) => m[1] ?? m[2] ?? '',
      );
      const run = await runCli(args, { dataDir });
      expect(run.code, `${command}\n${run.stderr}`).toBe(0);
      outputs.push(run.stdout);
    }
    expect(outputs[2]).toMatch(/User lives in Lisbon/);
    expect(outputs.at(-1)).toMatch(/User lives in Lisbon\s+closed/);
    expect(outputs.at(-1)).toMatch(/User lives in Porto\s+current/);
  });

  it('the library sample runs as printed against the built package', () => {
    const [ts] = blocks('Library').filter((b) => b.lang === 'ts');
    const library = join(ROOT, 'dist', 'index.js');
    const script = join(dir.path, 'library-sample.mjs');
    writeFileSync(script, (ts?.code ?? '').replace("from 'kgmem'", `from ${JSON.stringify(library)}`));
    const run = spawnSync(process.execPath, [script], {
      cwd: dir.path,
      env: { ...process.env, KGMEM_DATA_DIR: join(dir.path, 'library'), OPENAI_API_KEY: '' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Relevant facts from memory:\n- Polar bear likes pizza/);
  });

  it('the install line names only packages kgmem depends on or takes as peers', () => {
    const [install] = blocks('Library').filter((b) => b.lang === 'bash');
    const named = (install?.code ?? '').trim().split(/\s+/).slice(2);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    const known = new Set([
      'kgmem',
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
    ]);
    expect(named.length).toBeGreaterThan(1);
    for (const name of named) expect(known.has(name), name).toBe(true);
  });

  it('the LangGraph sample runs as printed, with a chat model on loopback in place of a hosted one', async () => {
    const [ts] = blocks('Agents (LangGraph)').filter((b) => b.lang === 'ts');
    // Beside the built package, so that the sample's imports resolve as in an application.
    const script = join(ROOT, 'dist', `readme-agent-${process.pid}.mjs`);
    const stub = new OpenAIStub();
    stub.fallback = { kind: 'text', content: 'Noted: you live in Lisbon.' };
    const baseURL = await stub.start();
    try {
      // What the sample takes from the reader's own code: a model, a checkpointer, the messages.
      const prelude = [
        "import { ChatOpenAI } from '@langchain/openai';",
        "import { MemorySaver } from '@langchain/langgraph';",
        `const model = new ChatOpenAI({ model: 'stub', apiKey: 'sk-test', configuration: { baseURL: ${JSON.stringify(baseURL)} } });`,
        'const checkpointer = new MemorySaver();',
        "const messages = [{ role: 'user', content: 'I live in Lisbon.' }];",
      ].join('\n');
      const code = (ts?.code ?? '')
        .replace("from 'kgmem'", `from ${JSON.stringify(join(ROOT, 'dist', 'index.js'))}`)
        .replace('await agent.invoke(', 'const result = await agent.invoke(');
      writeFileSync(
        script,
        `${prelude}\n${code}\nawait agent.flush();\nconsole.log(result.messages.at(-1).content);\nprocess.exit(0);\n`,
      );
      const run = await new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, [script], {
          env: { ...process.env, KGMEM_DATA_DIR: join(dir.path, 'agent'), OPENAI_API_KEY: '' },
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.stderr.on('data', (chunk) => (err += chunk));
        child.on('close', (code) => resolve({ code, out, err }));
      });
      expect(run.code, run.err).toBe(0);
      expect(run.out).toContain('Noted: you live in Lisbon.');
      expect(JSON.stringify(stub.requests.map((r) => r.body.messages))).toContain('I live in Lisbon.');
    } finally {
      await stub.stop();
      rmSync(script, { force: true });
    }
  });

  it('the MCP client configuration starts a server that lists its tools', async () => {
    const [json] = blocks('MCP clients');
    const config = JSON.parse(json?.code ?? '{}') as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    const { command, args } = config.mcpServers.kgmem ?? { command: '', args: [] };
    expect([command, args[0]]).toEqual(['npx', 'kgmem']);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, 'bin', 'kgmem.js'), ...args.slice(1)],
      env: { PATH: process.env.PATH ?? '', KGMEM_DATA_DIR: join(dir.path, 'mcp') },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'readme-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['recall', 'remember']),
      );
    } finally {
      await client.close();
    }
  });
});
