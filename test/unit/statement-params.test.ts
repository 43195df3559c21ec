import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CYPHER_ROOT, loadCypher } from '../../src/store/cypher-files.js';
import { STATEMENT_PARAMS, typedParams } from '../../src/store/statements.js';

const dialects = ['neo4j', 'ladybug'] as const;
const files = dialects.flatMap((dialect) =>
  readdirSync(join(CYPHER_ROOT, dialect))
    .filter((f) => f.endsWith('.cypher') && f !== 'schema.cypher')
    .map((f) => ({ dialect, name: f.replace(/\.cypher$/, '') })),
);

describe('statement parameter declarations (src/store/statements.ts)', () => {
  it.each(files.map((f) => [`${f.dialect}/${f.name}`, f]))(
    '%s uses only declared parameters and row fields',
    (_, file) => {
      const text = loadCypher(file.dialect, file.name);
      const declaration = STATEMENT_PARAMS[file.name];
      expect(declaration, `no declaration for ${file.name}`).toBeDefined();
      for (const [, param] of text.matchAll(/\$(\w+)/g))
        expect(declaration, `$${param}`).toHaveProperty(param as string);
      // Fields of a list of maps: `UNWIND $rows AS r` … `r.field`.
      for (const [, list, alias] of text.matchAll(/UNWIND \$(\w+) AS (\w+)/g)) {
        const type = declaration?.[list as string];
        if (typeof type === 'string') continue;
        for (const [, field] of text.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g')))
          expect(type?.rows, `${list}.${field}`).toHaveProperty(field as string);
      }
    },
  );

  it('declares nothing that no statement file uses', () => {
    const names = new Set(files.map((f) => f.name));
    for (const name of Object.keys(STATEMENT_PARAMS))
      if (name !== 'schema') expect(names, name).toContain(name);
  });

  it('refuses an undeclared parameter or a value of the wrong kind, naming the statement', () => {
    const same = (_: unknown, v: unknown) => v;
    expect(() => typedParams('entities-list', { userId: 'u', limt: 3 }, same)).toThrow(
      /statement "entities-list" declares no parameter \$limt/,
    );
    expect(() => typedParams('entities-list', { userId: 'u', limit: 2.5 }, same)).toThrow(
      /\$limit must be a whole number/,
    );
    expect(() =>
      typedParams('facts-mention', { userId: 'u', rows: [{ uid: 'f', mentoins: 1 }] }, same),
    ).toThrow(/declares no field mentoins/);
    expect(() => typedParams('user-merge', { userId: 'u', at: 'yesterday' }, same)).toThrow(
      /a Date or an ISO-8601 time/,
    );
  });
});
