import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onLadybug } from '../helpers/backend.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

/** `kgmem export` and `kgmem import` as a user runs them: a backup restored into a fresh data dir. */
describe('kgmem export / import (backup and restore)', () => {
  let dir: { path: string; remove: () => void };
  const at = (name: string) => join(dir.path, name);
  const kgmem = (args: string[], dataDir: string, input?: string) =>
    runCli(args, { dataDir, ...(input === undefined ? {} : { input }) });
  const ok = async (args: string[], dataDir: string, input?: string) => {
    const run = await kgmem(args, dataDir, input);
    expect(run.code, `kgmem ${args.join(' ')}\n${run.stderr}`).toBe(0);
    return run;
  };
  const withoutTime = (file: string) => {
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.exportedAt = '';
    return doc;
  };

  beforeEach(async () => {
    dir = tempDir('kgmem-backup-');
    const source = at('source');
    await ok(['add', 'I', 'lives_in', 'Lisbon', '--user', 'alice', '--at', '2026-01-01'], source);
    await ok(['add', 'I', 'lives_in', 'Oslo', '--user', 'alice', '--at', '2026-03-01'], source);
    await ok(['add', 'I', 'lives_in', 'Lisbon', '--user', 'alice', '--at', '2026-06-01'], source);
    await ok(
      ['remember', '-', '--user', 'alice'],
      source,
      'I work at the Kyoto Aquarium.\nMy dog is called Rex and I love hiking.\n',
    );
    await ok(['export', '--user', 'alice', '--out', at('alice.json')], source);
  });
  afterEach(() => dir.remove());

  /**
   * A memory without the exported user: a fresh data dir on the embedded store; on a server (one
   * database), the same one once the user is forgotten.
   */
  const fresh = async (): Promise<string> => {
    if (onLadybug) return at('fresh');
    await ok(['forget', '--user', 'alice', '--all', '--yes'], at('source'));
    return at('source');
  };

  it('restores into a fresh memory from the file alone; its export equals the first but for exportedAt', async () => {
    const questions = ['where do I live', 'what is my dog called', 'where do I work'];
    const original: string[] = [];
    for (const question of questions)
      original.push((await ok(['recall', question, '--user', 'alice', '--json'], at('source'))).stdout);
    const target = await fresh();
    const restored = await ok(['import', at('alice.json')], target);
    expect(restored.stdout).toMatch(/restored \d+ entities, \d+ facts and 2 turns .* into user "alice"/);
    await ok(['export', '--user', 'alice', '--out', at('again.json')], target);
    const first = withoutTime(at('alice.json'));
    expect(first.counts.episodes).toBe(2);
    expect(first.entities.some((e: { type: string }) => e.type !== '')).toBe(true);
    expect(withoutTime(at('again.json'))).toEqual(first);

    for (const [i, question] of questions.entries()) {
      const copy = await ok(['recall', question, '--user', 'alice', '--json'], target);
      const shape = (text: string) => {
        const r = JSON.parse(text);
        return {
          facts: r.facts.map((f: { uid: string }) => f.uid),
          turns: r.episodes.map((e: { uid: string }) => e.uid),
        };
      };
      expect(shape(copy.stdout)).toEqual(shape(original[i] as string));
    }
  });

  it('changes nothing when the same file is imported twice, and renames with --user', async () => {
    const target = await fresh();
    await ok(['import', at('alice.json')], target);
    const twice = await ok(['import', at('alice.json')], target);
    expect(twice.stdout).toMatch(/restored 0 entities, 0 facts and 0 turns/);
    await ok(['export', '--user', 'alice', '--out', at('again.json')], target);
    expect(withoutTime(at('again.json'))).toEqual(withoutTime(at('alice.json')));

    await ok(['import', at('alice.json'), '--user', 'alice2'], target);
    const facts = await ok(['facts', '--user', 'alice2', '--history', '--json'], target);
    expect(JSON.parse(facts.stdout).filter((f: { key: string }) => f.key === 'lives_in')).toHaveLength(3);
  });

  it('refuses an unknown version, a truncated file and a user id with spaces, writing nothing', async () => {
    const target = await fresh();
    await ok(['add', 'I', 'likes', 'tea', '--user', 'zoe'], target);
    const text = readFileSync(at('alice.json'), 'utf8');
    writeFileSync(at('future.json'), text.replace('"kgmem-export/2"', '"kgmem-export/9"'));
    writeFileSync(at('cut.json'), text.slice(0, Math.floor(text.length / 2)));
    const future = await kgmem(['import', at('future.json')], target);
    expect(future.code).not.toBe(0);
    expect(future.stderr).toMatch(/unknown export version "kgmem-export\/9"/);
    const cut = await kgmem(['import', at('cut.json')], target);
    expect(cut.code).not.toBe(0);
    expect(cut.stderr).toMatch(/incomplete or damaged; nothing was imported/);
    const spaced = await kgmem(['import', at('alice.json'), '--user', 'alice '], target);
    expect(spaced.code).not.toBe(0);
    expect(spaced.stderr).toMatch(/whitespace/);
    const users = await ok(
      ['cypher', '-e', 'MATCH (u:User) RETURN u.id AS id ORDER BY id', '--json'],
      target,
    );
    expect(JSON.parse(users.stdout)).toEqual([{ id: 'zoe' }]);
  });

  it('still imports a file of the first export version and says what it lacks', async () => {
    const doc = JSON.parse(readFileSync(at('alice.json'), 'utf8'));
    // The first version held whole entity and fact records, no turns, no observations.
    const v1 = {
      format: 'kgmem-export/1',
      userId: 'alice',
      exportedAt: doc.exportedAt,
      entities: doc.entities.map((e: Record<string, unknown>) => ({ ...e, userId: 'alice' })),
      facts: doc.facts.map(({ observedAt: _a, observedBy: _b, ...f }: Record<string, unknown>) => ({
        ...f,
        userId: 'alice',
      })),
    };
    writeFileSync(at('v1.json'), JSON.stringify(v1, null, 2));
    const target = await fresh();
    const run = await ok(['import', at('v1.json')], target);
    expect(run.stderr).toMatch(/kgmem-export\/1 file lacks conversation turns/);
    const facts = await ok(['facts', '--user', 'alice', '--history', '--json'], target);
    const restored = JSON.parse(facts.stdout) as {
      uid: string;
      validTo: string | null;
      invalidatedBy: string;
    }[];
    expect(restored.map((f) => f.uid).sort()).toEqual(doc.facts.map((f: { uid: string }) => f.uid).sort());
    expect(restored.filter((f) => f.validTo !== null)).toHaveLength(2);
  });
});
