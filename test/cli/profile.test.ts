import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepDataAcrossTests } from '../helpers/backend.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

// Every process that holds the demo users' copies saves a snapshot when it closes, and the next
// process loads it: the profile must still show what another process wrote in between.
const SNAPSHOTS = { KGMEM_SNAPSHOT_MIN_SIZE: '1' };

// The tests build on what the first ones wrote (on Neo4j too: the database is emptied once).
keepDataAcrossTests();

describe('kgmem profile', () => {
  let dir: { path: string; remove: () => void };
  const kgmem = (args: string[]) => runCli(args, { dataDir: join(dir.path, 'data'), env: SNAPSHOTS });

  beforeAll(async () => {
    dir = tempDir('kgmem-profile-');
    const demo = await kgmem(['demo']);
    expect(demo.code, demo.stderr).toBe(0);
  });
  afterAll(() => dir.remove());

  it("prints the demo user's home, workplace and friend with the turns that said them", async () => {
    const run = await kgmem(['profile', '--user', 'demo-sasako']);
    expect(run.code, run.stderr).toBe(0);
    const line = (field: string) => run.stdout.split('\n').find((l) => l.startsWith(`${field} `)) ?? '';
    expect(line('home')).toMatch(/Kyoto\s+2026-07-19\s+ep_[0-9a-f]+/);
    expect(line('employer')).toMatch(/Kyoto Aquarium\s+2026-07-19\s+ep_[0-9a-f]+/);
    expect(line('friends')).toMatch(/Polar bear\s+\S+\s+likes Pizza; allergies peanuts\s+ep_/);
  });

  it('shows a move made by another process in the next read, and the old home --as-of before it', async () => {
    const moved = await kgmem([
      'remember',
      'I moved to Sapporo.',
      '--user',
      'demo-sasako',
      '--at',
      '2026-10-01T09:00:00Z',
    ]);
    expect(moved.code, moved.stderr).toBe(0);
    const now = await kgmem(['profile', '--user', 'demo-sasako', '--json']);
    expect(now.code, now.stderr).toBe(0);
    const profile = JSON.parse(now.stdout);
    expect(profile.fields.home).toMatchObject({ value: 'Sapporo', since: '2026-10-01T09:00:00.000Z' });
    expect(profile.fields.home.saidBy).toHaveLength(1);
    const before = await kgmem(['profile', '--user', 'demo-sasako', '--as-of', '2026-08-01', '--json']);
    expect(JSON.parse(before.stdout)).toMatchObject({ fields: { home: { value: 'Kyoto' } } });
  });

  it('reads through a schema file, and says what is wrong with a bad one or an unknown user', async () => {
    const good = join(dir.path, 'schema.json');
    writeFileSync(good, JSON.stringify({ city: 'lives_in', people: { predicates: ['friend'], many: true } }));
    const own = await kgmem(['profile', '--user', 'demo-sasako', '--schema', good, '--json']);
    expect(own.code, own.stderr).toBe(0);
    expect(Object.keys(JSON.parse(own.stdout).fields)).toEqual(['city', 'people']);

    const bad = join(dir.path, 'bad.json');
    writeFileSync(bad, JSON.stringify({ home: 'lives_in', where: ['lives in'] }));
    const refused = await kgmem(['profile', '--user', 'demo-sasako', '--schema', bad]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('the predicate "lives in" is claimed by both "home" and "where"');
    const unknown = await kgmem(['profile', '--user', 'sasako']);
    expect(unknown.stderr).toMatch(
      /no user "sasako" in this memory \(known users: demo-marco, demo-sasako\)/,
    );
  });
});
