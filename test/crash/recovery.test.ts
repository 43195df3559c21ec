import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import { LadybugStore } from '../../src/store/ladybug/store.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * Recovery of the embedded database after a crash: a checkpoint cut short is undone from the
 * copy kgmem took before it; a damaged log gives every command a clear error instead of a crash,
 * and `kgmem doctor` recovers what can be read into a new directory.
 */

const DIE = fileURLToPath(new URL('../helpers/write-then-die.ts', import.meta.url));

/** Writes facts A (closed cleanly), then facts B in a process that dies: B is in the log only. */
async function memoryWithLog(dataDir: string, logged = 12): Promise<{ pid: number }> {
  const memory = await open(dataDir);
  for (let n = 0; n < 20; n++)
    await memory.addTriples('u', [{ subject: `Item ${n}`, predicate: 'likes', object: `Thing ${n}` }]);
  await memory.close();
  const child = spawnSync(process.execPath, ['--import', 'tsx', DIE, dataDir, 'u', '100', String(logged)], {
    encoding: 'utf8',
  });
  expect(child.signal).toBe('SIGKILL');
  expect(child.stdout.trim()).toBe(String(logged));
  expect(statSync(join(dataDir, 'graph.lbug.wal')).size).toBeGreaterThan(0);
  return { pid: child.pid ?? 0 };
}

function open(dataDir: string, options: { readOnly?: boolean } = {}) {
  return createMemory({
    dataDir,
    share: false,
    embeddings: new HashingEmbeddings(),
    env: {},
    ...(options.readOnly
      ? { store: new LadybugStore({ path: join(dataDir, 'graph.lbug'), readOnly: true }) }
      : {}),
  });
}

async function statements(dataDir: string): Promise<string[]> {
  const memory = await open(dataDir);
  try {
    return (await memory.facts('u', { limit: 10_000 })).map((f) => f.statement).sort();
  } finally {
    await memory.close();
  }
}

const expected = (logged: number) =>
  [...Array.from({ length: 20 }, (_, n) => n), ...Array.from({ length: logged }, (_, n) => 100 + n)]
    .map((n) => `Item ${n} likes Thing ${n}`)
    .sort();

/** Overwrites `bytes` bytes of a file at `offset` with a pattern (a damaged disk block). */
function damage(path: string, offset: number, bytes: number): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.alloc(bytes, 0xa5), 0, bytes, offset);
  } finally {
    closeSync(fd);
  }
}

function digest(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

describe('recovery of the embedded database', () => {
  const dirs: { remove: () => void }[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });
  const newDir = () => {
    const dir = tempDir();
    dirs.push(dir);
    return dir.path;
  };

  it('replays the log of a process that died, with every acknowledged write', async () => {
    const dataDir = newDir();
    await memoryWithLog(dataDir);
    expect(await statements(dataDir)).toEqual(expected(12));
    // The open folded the log in when it closed.
    expect(existsSync(join(dataDir, 'graph.lbug.wal'))).toBe(false);
  });

  it('undoes a checkpoint cut short from the copy taken before it, whatever the checkpoint damaged', async () => {
    const dataDir = newDir();
    const { pid } = await memoryWithLog(dataDir);
    const main = join(dataDir, 'graph.lbug');
    // What a guarded checkpoint leaves when its process dies inside CHECKPOINT: the copies and
    // their record, a main file the checkpoint wrote into, and LadybugDB's frozen log and shadow.
    const guard = join(dataDir, 'graph.lbug.guard');
    mkdirSync(guard);
    copyFileSync(main, join(guard, 'main'));
    copyFileSync(`${main}.wal`, join(guard, 'wal'));
    writeFileSync(
      join(guard, 'guard.json'),
      JSON.stringify({
        pid,
        startedAt: new Date().toISOString(),
        sizes: { main: statSync(main).size, wal: statSync(`${main}.wal`).size },
      }),
    );
    damage(main, 4096 * 3, Math.min(256 * 1024, statSync(main).size - 4096 * 3));
    renameSync(`${main}.wal`, `${main}.wal.checkpoint`);
    writeFileSync(`${main}.shadow`, Buffer.alloc(8192, 1));
    expect(await statements(dataDir)).toEqual(expected(12));
    const left = readdirSync(dataDir);
    expect(left).not.toContain('graph.lbug.guard');
    expect(left).not.toContain('graph.lbug.wal.checkpoint');
    expect(left).not.toContain('graph.lbug.shadow');
  });

  it('drops a copy cut short before its checkpoint began (no record), leaving the database as it was', async () => {
    const dataDir = newDir();
    await memoryWithLog(dataDir);
    const guard = join(dataDir, 'graph.lbug.guard');
    mkdirSync(guard);
    writeFileSync(join(guard, 'main'), Buffer.alloc(4096, 7));
    expect(await statements(dataDir)).toEqual(expected(12));
    expect(existsSync(guard)).toBe(false);
  });

  it('refuses a read-only open of a checkpoint cut short, saying what to do, and changes nothing', async () => {
    const dataDir = newDir();
    const { pid } = await memoryWithLog(dataDir);
    const main = join(dataDir, 'graph.lbug');
    const guard = join(dataDir, 'graph.lbug.guard');
    mkdirSync(guard);
    copyFileSync(main, join(guard, 'main'));
    copyFileSync(`${main}.wal`, join(guard, 'wal'));
    writeFileSync(
      join(guard, 'guard.json'),
      JSON.stringify({
        pid,
        startedAt: '',
        sizes: { main: statSync(main).size, wal: statSync(`${main}.wal`).size },
      }),
    );
    const before = digest(main);
    await expect(open(dataDir, { readOnly: true })).rejects.toMatchObject({
      name: 'DatabaseRecoveryError',
      message: expect.stringContaining('read-only'),
    });
    expect(digest(main)).toBe(before);
    expect(existsSync(join(guard, 'guard.json'))).toBe(true);
  });

  it('gives a clear error from every command for a damaged log, and kgmem doctor recovers what can be read into a new directory', async () => {
    const dataDir = newDir();
    await memoryWithLog(dataDir, 40);
    const wal = join(dataDir, 'graph.lbug.wal');
    damage(wal, Math.floor(statSync(wal).size / 3), 4096);
    const before = { main: digest(join(dataDir, 'graph.lbug')), wal: digest(wal) };

    // The library: a clear error, and this process lives on.
    await expect(open(dataDir)).rejects.toMatchObject({
      name: 'DatabaseRecoveryError',
      message: expect.stringContaining('kgmem doctor'),
    });
    // Every command: exit status 1 (not a crash), the same advice, nothing changed.
    for (const args of [
      ['facts', '--user', 'u'],
      ['recall', 'what does Item 3 like?', '--user', 'u'],
      ['add', 'Item 999', 'likes', 'Thing 999', '--user', 'u'],
      ['export', '--user', 'u'],
      ['cypher', '-e', 'MATCH (e:Entity) RETURN count(e)'],
    ]) {
      const run = await runCli(args, { dataDir });
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(1);
      expect(run.stderr).toContain('kgmem doctor');
    }
    expect(digest(join(dataDir, 'graph.lbug'))).toBe(before.main);
    expect(digest(wal)).toBe(before.wal);

    const check = await runCli(['doctor'], { dataDir });
    expect(check.code, check.stderr).toBe(1);
    expect(check.stdout).toContain('problem:');

    const into = newDir();
    const recovered = await runCli(['doctor', '--into', join(into, 'memory'), '--json'], { dataDir });
    expect(recovered.code, recovered.stderr).toBe(0);
    const report = JSON.parse(recovered.stdout) as {
      recovery: { source: string; lost: number; acknowledged: number; recovered: { commits: number } };
    };
    // At least the last checkpoint (the 20 facts written before the log), and what the log holds
    // before the damaged block; the rest of the 40 logged writes are reported lost.
    expect(report.recovery.lost).toBeGreaterThan(0);
    expect(report.recovery.lost).toBeLessThanOrEqual(40);
    expect(report.recovery.acknowledged - report.recovery.lost).toBe(report.recovery.recovered.commits);
    const kept = await statements(join(into, 'memory'));
    for (const statement of expected(0)) expect(kept).toContain(statement);
    expect(kept.length).toBe(20 + 40 - report.recovery.lost);
    // The damaged files were not touched.
    expect(digest(join(dataDir, 'graph.lbug'))).toBe(before.main);
    expect(digest(wal)).toBe(before.wal);

    // --apply: the recovered database takes the place of the damaged one, which is kept.
    const applied = await runCli(['doctor', '--apply'], { dataDir });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('kept in');
    const facts = await runCli(['facts', '--user', 'u', '--json'], { dataDir });
    expect(facts.code, facts.stderr).toBe(0);
    expect(readdirSync(join(dataDir, 'recovery')).length).toBe(1);
  });
});
