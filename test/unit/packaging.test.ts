import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
  string,
  Record<string, string>
>;

/** Which CommonJS packages a fresh Node process has loaded after running `code` (an ES module). */
function loadedPackages(code: string): string[] {
  const script = `
    import { createRequire } from 'node:module';
    ${code}
    const names = Object.keys(createRequire(import.meta.url).cache)
      .map((p) => p.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)/)?.[1])
      .filter(Boolean);
    console.log(JSON.stringify([...new Set(names)]));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop() as string) as string[];
}

describe('packaging', () => {
  it('loads the Neo4j driver only when the Neo4j store is used', () => {
    expect(loadedPackages(`await import('./dist/index.js');`)).not.toContain('neo4j-driver');
    expect(loadedPackages(`await import('./dist/store/neo4j/index.js');`)).toContain('neo4j-driver');
  });

  it('ships the viewer’s libraries only in its build, and LangChain as peer dependencies with ranges', () => {
    const runtime = Object.keys(pkg.dependencies ?? {});
    for (const viewerOnly of ['sigma', '@sigma/edge-curve', 'graphology', 'graphology-layout-forceatlas2'])
      expect(runtime).not.toContain(viewerOnly);
    for (const unused of ['graphology-shortest-path', 'graphology-types'])
      expect(runtime).not.toContain(unused);
    for (const peer of ['@langchain/core', '@langchain/langgraph', '@langchain/langgraph-checkpoint']) {
      expect(runtime).not.toContain(peer);
      expect(pkg.peerDependencies?.[peer]).toMatch(/^\^\d/);
    }
  });
});
