import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** Every source file below `dir` (TypeScript and JavaScript modules). */
function sources(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (/\.(ts|tsx|mts|mjs)$/.test(name)) found.push(path);
  }
  return found;
}

describe('the shape of the code', () => {
  it('keeps the store port to at most eight abstract members', () => {
    const file = join(root, 'src/store/port.ts');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const port = source.statements.find(
      (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === 'StorePort',
    );
    expect(port, 'src/store/port.ts declares StorePort').toBeDefined();
    const abstract = (port?.members ?? [])
      .filter((m) => ts.getCombinedModifierFlags(m as ts.Declaration) & ts.ModifierFlags.Abstract)
      .map((m) => m.name?.getText(source));
    expect(abstract.length, `StorePort's abstract members: ${abstract.join(', ')}`).toBeLessThanOrEqual(8);
    // What a backend provides, by name: a change to it is deliberate.
    expect(abstract.sort()).toEqual(
      ['close', 'console', 'dialect', 'location', 'open', 'runStatements', 'search', 'write'].sort(),
    );
  });

  it('keeps every source file of the library, the benchmarks, the scripts and the viewer under 450 lines', () => {
    const long = ['src', 'bench', 'scripts', 'viewer/src']
      .flatMap((dir) => sources(join(root, dir)))
      .map((path) => ({ path: relative(root, path), lines: readFileSync(path, 'utf8').split('\n').length }))
      .filter((f) => f.lines > 450);
    expect(long).toEqual([]);
  });

  it('keeps every number recall ranks with in the recipe: no numeric literal but 0, 1 and 2 elsewhere in src/retrieve', () => {
    const found: string[] = [];
    for (const path of sources(join(root, 'src/retrieve'))) {
      if (/recipe(-types|-fitted|-fitted-semantic)?\.ts$/.test(path)) continue;
      const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isNumericLiteral(node) && !['0', '1', '2'].includes(node.text)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${relative(root, path)}:${line + 1} ${node.getText(source)}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });
});
