import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
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
});
