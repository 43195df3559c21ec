import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import { runCli } from '../helpers/cli.js';
import { startServe } from '../helpers/serve.js';
import { tempDir } from '../helpers/temp-dir.js';

const BIN = fileURLToPath(new URL('../../bin/kgmem.js', import.meta.url));

describe('one memory, many processes', () => {
  let dir: { path: string; remove: () => void };
  let dataDir: string;

  beforeEach(() => {
    dir = tempDir('kgmem-hub-');
    dataDir = join(dir.path, 'data');
  });
  afterEach(() => dir.remove());

  it('while a library process holds the memory, the CLI goes through it; close() releases the database', async () => {
    const memory = await createMemory({ dataDir, embeddings: new HashingEmbeddings(), env: {} });
    await memory.addTriples('u', [{ subject: 'I', predicate: 'likes', object: 'tea' }]);
    await memory.recall({ userId: 'u', query: 'what do I like' });
    const through = await runCli(['add', 'I', 'likes', 'jazz', '--user', 'u'], { dataDir });
    expect(through.code, through.stderr).toBe(0);
    // One line says which process served the command.
    expect(through.stderr.trim().split('\n')).toHaveLength(1);
    expect(through.stderr).toContain(`kgmem: ${dataDir} is open in process ${process.pid} (node `);
    expect(through.stderr).toMatch(/\); going through it\n$/);
    // This process sees the other's write at once.
    expect((await memory.facts('u')).map((f) => f.object).sort()).toEqual(['jazz', 'tea']);
    await memory.close();
    expect(existsSync(join(dataDir, 'run', 'kgmem.sock'))).toBe(false);
    // This process is still alive and has not collected garbage: the child must get in anyway.
    const run = await promisify(execFile)(
      process.execPath,
      [BIN, 'add', 'I', 'likes', 'blues', '--user', 'u'],
      {
        env: { ...process.env, KGMEM_DATA_DIR: dataDir, OPENAI_API_KEY: '' },
      },
    );
    expect(run.stdout).toContain('added: I likes blues');
    expect(run.stderr).toBe('');
    expect(existsSync(join(dataDir, 'graph.lbug.holder.json'))).toBe(false);
  });

  it('a holder that does not share (share: false) gives other processes the lock message, naming it', async () => {
    const memory = await createMemory({
      dataDir,
      embeddings: new HashingEmbeddings(),
      env: {},
      share: false,
    });
    try {
      const heldRun = await runCli(['add', 'I', 'likes', 'jazz', '--user', 'u'], { dataDir });
      expect(heldRun.code).toBe(1);
      expect(heldRun.stderr).toContain(`process ${process.pid}`);
    } finally {
      await memory.close();
    }
  });

  it('while kgmem serve holds the data dir, recall, facts and cypher -e from other processes go through it', async () => {
    expect((await runCli(['add', 'I', 'lives_in', 'Paris', '--user', 'a'], { dataDir })).code).toBe(0);
    const server = await startServe(dataDir, ['--token', 'hub-secret-123']);
    try {
      const recall = await runCli(['recall', 'where do I live', '--user', 'a'], { dataDir });
      expect(recall.code, recall.stderr).toBe(0);
      expect(recall.stdout).toContain('User lives in Paris');
      const facts = await runCli(['facts', '--user', 'a', '--json'], { dataDir });
      expect(facts.code, facts.stderr).toBe(0);
      expect(JSON.parse(facts.stdout)[0]).toMatchObject({ statement: 'User lives in Paris' });
      const cypher = await runCli(['cypher', '-e', 'MATCH (u:User) RETURN u.id AS id', '--json'], {
        dataDir,
      });
      expect(cypher.code, cypher.stderr).toBe(0);
      expect(JSON.parse(cypher.stdout)).toEqual([{ id: 'a' }]);
      const users = await runCli(['users'], { dataDir });
      expect(users.stdout).toContain('a');

      // Over HTTP (--server) a writing statement needs the server's token; a process of this
      // machine's user goes through the holder's socket instead, which needs none.
      const write = 'MATCH (e:Entity) WHERE e.userId = "a" SET e.summary = "edited" RETURN e.summary AS s';
      const refused = await runCli(['cypher', '-e', write, '--server', server.url], { dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('token');
      const allowed = await runCli(['cypher', '-e', write], { dataDir });
      expect(allowed.code, allowed.stderr).toBe(0);
      expect(allowed.stderr).toMatch(/is open in process \d+ \(kgmem serve .*\); going through it/);

      // Writes go through it too.
      const overHttp = await runCli(['add', 'I', 'likes', 'tea', '--user', 'a', '--server', server.url], {
        dataDir,
      });
      expect(overHttp.code).toBe(1);
      expect(overHttp.stderr).toContain('token');
      const added = await runCli(['add', 'I', 'likes', 'tea', '--user', 'a'], { dataDir });
      expect(added.code, added.stderr).toBe(0);
      const after = await runCli(['recall', 'what do I like', '--user', 'a'], { dataDir });
      expect(after.stdout).toContain('User likes tea');

      // The daily commands go through it too: an entity, a path, the turns, a correction.
      const entity = await runCli(['entity', 'tea', '--user', 'a', '--json'], { dataDir });
      expect(entity.code, entity.stderr).toBe(0);
      expect(JSON.parse(entity.stdout).incoming[0]).toMatchObject({ statement: 'User likes tea' });
      const path = await runCli(['path', 'me', 'Paris', '--user', 'a'], { dataDir });
      expect(path.code, path.stderr).toBe(0);
      expect(path.stdout).toContain('User lives in Paris');
      const episodes = await runCli(['episodes', '--user', 'a', '--json'], { dataDir });
      expect(episodes.code, episodes.stderr).toBe(0);
      expect(JSON.parse(episodes.stdout)).toEqual([]);
      const tea = JSON.parse(entity.stdout).incoming[0].uid;
      const corrected = await runCli(['correct', '--user', 'a', '--fact', tea, '--object', 'green tea'], {
        dataDir,
      });
      expect(corrected.code, corrected.stderr).toBe(0);
      const byName = await runCli(
        ['correct', '--user', 'a', '--subject', 'I', '--predicate', 'likes', '--object', 'coffee'],
        { dataDir },
      );
      expect(byName.code, byName.stderr).toBe(0);
      const likes = await runCli(['facts', '--user', 'a', '--json'], { dataDir });
      expect(JSON.parse(likes.stdout).map((f: { object: string }) => f.object)).toContain('coffee');

      // An unknown user is an error that lists the known ones.
      const unknown = await runCli(['facts', '--user', 'nobody'], { dataDir });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('known users: a');
    } finally {
      await server.stop();
    }
    // After the server stops, the data dir opens locally again.
    const local = await runCli(['facts', '--user', 'a'], { dataDir });
    expect(local.code, local.stderr).toBe(0);
  });

  it('read commands never create a data dir and say where they looked; the data dir is found in parent folders', async () => {
    const empty = join(dir.path, 'empty');
    mkdirSync(empty);
    const run = await runCli(['facts', '--user', 'a'], { dataDir: join(empty, '.kgmem') });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no kgmem memory here');
    expect(existsSync(join(empty, '.kgmem'))).toBe(false);

    // Found like git finds .git: from a sub-folder of the project.
    const project = join(dir.path, 'project');
    const nested = join(project, 'src', 'deep');
    mkdirSync(nested, { recursive: true });
    const created = await runCli(['add', 'I', 'likes', 'tea', '--user', 'a'], {
      dataDir: '',
      env: { KGMEM_DATA_DIR: '' },
      cwd: project,
    });
    expect(created.code, created.stderr).toBe(0);
    const found = await runCli(['facts', '--user', 'a'], {
      dataDir: '',
      env: { KGMEM_DATA_DIR: '' },
      cwd: nested,
    });
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toContain('User likes tea');
    expect(existsSync(join(nested, '.kgmem'))).toBe(false);
  });
});
