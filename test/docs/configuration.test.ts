import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../scripts/docs-options.mjs', import.meta.url));

describe('docs/configuration.md', () => {
  it("lists createMemory's options as their TSDoc gives them (npm run docs:options writes the table)", () => {
    const run = spawnSync(process.execPath, [SCRIPT, '--check'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  });
});
