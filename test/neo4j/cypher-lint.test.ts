import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CYPHER_ROOT } from '../../src/store/cypher-files.js';
import { cypherFiles, lintFile } from './lint.js';

const neo4jFiles = cypherFiles(join(CYPHER_ROOT, 'neo4j'));
const exploreFiles = cypherFiles(join(CYPHER_ROOT, 'explore'));

describe("Neo4j's own Cypher linter on every Neo4j statement", () => {
  it.each([...neo4jFiles, ...exploreFiles].map((f) => [f.slice(CYPHER_ROOT.length + 1), f]))(
    '%s',
    (_, file) => {
      expect(lintFile(file)).toEqual([]);
    },
  );

  it('fails on a deliberately broken file: undefined variable, syntax error, unknown function, misspelt label', () => {
    const problems = lintFile(join(import.meta.dirname, '../fixtures/cypher/broken.cypher'));
    const byStatement = (n: number) =>
      problems
        .filter((p) => p.statement === n)
        .map((p) => p.message)
        .join('\n');
    expect(byStatement(1)).toMatch(/Variable `x` not defined/);
    expect(byStatement(2)).toMatch(/Invalid input/);
    expect(byStatement(3)).toMatch(/Function kgmem.noSuchFunction is not present/);
    expect(byStatement(4)).toMatch(/Label Entiti is not present/);
  });
});

describe('statement files and the code that loads them', () => {
  const loadedNames = (dir: string, pattern: RegExp): Set<string> => {
    const names = new Set<string>();
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.ts')) continue;
      const source = readFileSync(join(dir, file), 'utf8');
      for (const match of source.matchAll(pattern)) names.add((match[1] ?? match[2]) as string);
    }
    return names;
  };
  const src = join(import.meta.dirname, '../../src/store');
  // run('name', …), read('name', …), this.readRows('name', …), this.writeRows('name', …), runIn(tx, 'name', …),
  // { name: 'name', params } and loadCypher('dialect', 'name')
  const calls = /(?:run|read|write|readRows|writeRows|runIn\(tx,)\(?\s*'([a-z0-9-]+)'|name: '([a-z0-9-]+)'/g;
  // Names the shared methods of the store (base.ts and the modules it builds on, and the re-keying
  // both backends' migrations run) load, on every backend.
  const SHARED_SOURCES = [
    'base.ts',
    'graph-reads.ts',
    'port.ts',
    'rekey.ts',
    'restore-statements.ts',
    'vector-statements.ts',
  ];
  const shared = (): Set<string> => {
    const names = new Set<string>();
    const source = SHARED_SOURCES.map((file) => readFileSync(join(src, file), 'utf8')).join('\n');
    for (const match of source.matchAll(calls)) names.add((match[1] ?? match[2]) as string);
    // The user-delete steps are listed in an array and loaded through a loop.
    for (const match of source.matchAll(/'(user-delete[a-z-]*)'/g)) names.add(match[1] as string);
    return names;
  };
  // Every source file of an adapter's folder, as one text.
  const adapterSource = (dialect: string): string =>
    readdirSync(join(src, dialect))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => readFileSync(join(src, dialect, file), 'utf8'))
      .join('\n');
  // Statement names the port keeps in overridable properties (`factsRestoreStatement = 'name'`),
  // by property, with a backend's own value where its store overrides one.
  const statementProperty = /readonly (\w+Statement)(?::\s*string)?\s*=\s*'([a-z0-9-]+)'/g;
  const propertyNames = (dialect: string): { shared: Set<string>; own: Set<string> } => {
    const base = new Map(
      [...readFileSync(join(src, 'base.ts'), 'utf8').matchAll(statementProperty)].map((m) => [m[1], m[2]]),
    );
    const own = new Map([...adapterSource(dialect).matchAll(statementProperty)].map((m) => [m[1], m[2]]));
    const overridden = new Set([...own.keys()].map((property) => base.get(property)));
    return {
      shared: new Set([...base.values()].filter((name) => !overridden.has(name)) as string[]),
      own: new Set(own.values() as Iterable<string>),
    };
  };

  for (const dialect of ['ladybug', 'neo4j'] as const) {
    it(`${dialect}: every name the adapter loads is a file, and every file is loaded`, () => {
      const properties = propertyNames(dialect);
      const loaded = new Set([
        ...loadedNames(join(src, dialect), calls),
        ...shared(),
        ...properties.shared,
        ...properties.own,
      ]);
      const adapter = adapterSource(dialect);
      for (const match of adapter.matchAll(new RegExp(`loadCypher\\('${dialect}', '([a-z0-9-]+)'\\)`, 'g'))) {
        loaded.add(match[1] as string);
      }
      // Names listed in arrays (e.g. the user-delete steps) are loaded through a loop variable.
      for (const match of adapter.matchAll(/'(user-delete[a-z-]*)'/g)) {
        loaded.add(match[1] as string);
      }
      const files = new Set(cypherFiles(join(CYPHER_ROOT, dialect)).map((f) => basename(f, '.cypher')));
      expect([...loaded].filter((name) => !files.has(name)).sort()).toEqual([]);
      expect([...files].filter((name) => !loaded.has(name)).sort()).toEqual([]);
    });
  }
});
