import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The names `src/index.ts` exports (values and types), from its `export { … }` lists. */
function rootExports(): string[] {
  const source = read('src/index.ts');
  expect(source, 'the root exports names, never a whole module').not.toMatch(/export \*/);
  return [...source.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map((name) => name.replace(/^\s*type\s+/, '').trim())
      .filter(Boolean),
  );
}

/** The names `docs/api.md` lists for the root export (its table). */
function documentedNames(): string[] {
  const table = read('docs/api.md')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| group') && !line.startsWith('| ---'));
  return table.flatMap((line) =>
    [...(line.split('|')[2] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''),
  );
}

describe('the public API', () => {
  it('exports under 80 names from the root, each listed in docs/api.md', () => {
    const names = rootExports();
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeLessThan(80);
    expect([...documentedNames()].sort()).toEqual([...names].sort());
    expect(read('docs/api.md')).toContain(`${names.length} names`);
  });

  it('loads in the built package with exactly the listed values', async () => {
    const built = (await import(join(ROOT, 'dist/index.js'))) as Record<string, unknown>;
    const names = new Set(rootExports());
    for (const value of Object.keys(built)) expect(names.has(value), value).toBe(true);
    for (const value of ['createMemory', 'Memory', 'KgmemStore', 'NotFoundError'])
      expect(built).toHaveProperty(value);
    const store = (await import(join(ROOT, 'dist/store/index.js'))) as Record<string, unknown>;
    for (const value of ['StorePort', 'GraphStore', 'LadybugStore']) expect(store).toHaveProperty(value);
    // The conformance kit is its own entry: importing the store does not load vitest.
    expect(store).not.toHaveProperty('registerConformanceSuite');
    expect(read('dist/store/conformance/index.d.ts')).toContain('registerConformanceSuite');
  });
});
