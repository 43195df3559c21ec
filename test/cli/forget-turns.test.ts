import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

/** `kgmem forget` as a new user runs it: what was forgotten is gone from every command's output. */
describe('kgmem forget: nothing left behind', () => {
  const dir = tempDir('kgmem-forget-turns-');
  const dataDir = join(dir.path, 'data');
  const kgmem = async (args: string[]) => {
    const run = await runCli(args, { dataDir });
    expect(run.code, run.stderr).toBe(0);
    return run.stdout;
  };
  afterAll(() => dir.remove());

  it('forgets the dentist from facts, turns, recall, context, entities and export; Porto stays', async () => {
    await kgmem(['remember', 'My dentist is Dr. Silva. I live in Porto.', '--user', 'me']);
    const facts = JSON.parse(await kgmem(['facts', '--user', 'me', '--json'])) as {
      uid: string;
      object: string;
    }[];
    const dentist = facts.find((f) => f.object === 'Dr. Silva');
    expect(dentist).toBeDefined();
    expect(await kgmem(['forget', '--user', 'me', '--fact', dentist?.uid ?? ''])).toMatch(/forgot fact/);

    const after = [
      await kgmem(['recall', 'who is my dentist?', '--user', 'me', '--json']),
      await kgmem(['recall', 'who is my dentist?', '--user', 'me']),
      await kgmem(['episodes', '--user', 'me']),
      await kgmem(['entities', '--user', 'me']),
      await kgmem(['export', '--user', 'me']),
    ];
    for (const out of after) expect(out).not.toMatch(/silva/i);
    const home = JSON.parse(await kgmem(['recall', 'where do I live?', '--user', 'me', '--json'])) as {
      facts: { statement: string }[];
      context: string;
    };
    expect(home.facts[0]?.statement).toBe('User lives in Porto');
    expect(home.context).toContain('I live in Porto.');
  });

  it('--keep-turns keeps the turn as said; --all refuses it', async () => {
    await kgmem(['remember', 'My dentist is Dr. Costa.', '--user', 'kept']);
    const [fact] = JSON.parse(await kgmem(['facts', '--user', 'kept', '--json'])) as { uid: string }[];
    await kgmem(['forget', '--user', 'kept', '--fact', fact?.uid ?? '', '--keep-turns']);
    expect(await kgmem(['facts', '--user', 'kept'])).not.toMatch(/Costa/);
    expect(await kgmem(['episodes', '--user', 'kept'])).toMatch(/Dr\. Costa/);
    const refused = await runCli(['forget', '--user', 'kept', '--all', '--yes', '--keep-turns'], { dataDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--keep-turns goes with --fact or --entity/);
  });
});
