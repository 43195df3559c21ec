import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepDataAcrossTests } from '../helpers/backend.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

/** `kgmem recall` as a new user runs it: the answer first, scores that mean something, and why. */
describe('kgmem recall: ranking a user can read', () => {
  const dir = tempDir('kgmem-recall-explain-');
  const dataDir = join(dir.path, 'data');
  const kgmem = (args: string[]) => runCli(args, { dataDir });

  // The tests read what beforeAll wrote (on a server, the database is emptied once per file).
  keepDataAcrossTests();
  beforeAll(async () => {
    for (const [predicate, object] of [
      ['works_at', 'Novartis'],
      ['works_as', 'nurse'],
      ['lives_in', 'Basel'],
      ['likes', 'hiking'],
    ] as const)
      expect((await kgmem(['add', 'I', predicate, object, '--user', 'me'])).code).toBe(0);
  });
  afterAll(() => dir.remove());

  it('ranks the role first for "what is my job?", every score in [0, 1]', async () => {
    const run = await kgmem(['recall', 'what is my job?', '--user', 'me', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as {
      facts: { predicate: string; object: string; score: number; contributions?: unknown }[];
      episodes: { score: number }[];
    };
    expect(result.facts[0]).toMatchObject({ predicate: 'works_as', object: 'nurse' });
    for (const item of [...result.facts, ...result.episodes]) {
      expect(item.score).toBeGreaterThan(0);
      expect(item.score).toBeLessThanOrEqual(1);
    }
    // Contributions only when asked for.
    expect(result.facts[0]?.contributions).toBeUndefined();
  });

  it('--explain shows what each scorer added, the signals as chances and the lifts as changes', async () => {
    const run = await kgmem(['recall', 'what is my job?', '--user', 'me', '--explain']);
    expect(run.code, run.stderr).toBe(0);
    const nurse = run.stdout.split('\n').find((line) => line.includes('User works as nurse:'));
    expect(nurse).toMatch(/graph \d\.\d{3}/);
    expect(nurse).toMatch(/answer-fit \+\d\.\d{3}/);
    const json = JSON.parse(
      (await kgmem(['recall', 'what is my job?', '--user', 'me', '--json', '--explain'])).stdout,
    );
    const first = json.facts[0] as { score: number; contributions: Record<string, number> };
    // The contributions account for the score: the noisy-OR of the signals, then each change.
    const { graph = 0, 'fact-similarity': similar = 0, ...changes } = first.contributions;
    const fused = 1 - (1 - graph) * (1 - similar);
    const total = Object.values(changes).reduce((sum, d) => sum + d, fused);
    expect(total).toBeCloseTo(first.score, 9);
  });
});
