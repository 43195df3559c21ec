import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isStale(built: string, sources: string[]): boolean {
  if (!existsSync(built)) return true;
  return statSync(built).mtimeMs < Math.max(...sources.map((source) => newestMtime(source)));
}

/**
 * The CLI and browser tests run the built `bin/kgmem.js` and the built viewer, as a user would:
 * build whichever is stale.
 */
export default function setup(): void {
  if (isStale('dist/cli/main.js', ['src'])) {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
      stdio: 'inherit',
    });
  }
  if (isStale('viewer/dist/index.html', ['viewer/src'])) {
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--config', 'viewer/vite.config.ts'],
      {
        stdio: 'inherit',
      },
    );
  }
}
