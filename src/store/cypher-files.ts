import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The backends whose statements live under `cypher/<backend>/`. */
export type CypherDialect = 'ladybug' | 'neo4j';

const cache = new Map<string, string>();

/**
 * Root of the `cypher/` folder shipped with the package. Works from `src/store/` (tests) and
 * `dist/store/` (the built package): both sit two levels below the package root.
 */
export const CYPHER_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'cypher');

/**
 * Loads one named statement file, `cypher/<dialect>/<name>.cypher`, with `//` comment lines
 * removed. Files are read once and cached.
 *
 * @throws Error naming the missing file when it does not exist
 */
export function loadCypher(dialect: CypherDialect, name: string): string {
  const cacheKey = `${dialect}/${name}`;
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  const path = join(CYPHER_ROOT, dialect, `${name}.cypher`);
  if (!existsSync(path)) {
    throw new Error(`kgmem: Cypher file ${path} is missing; the package is incomplete (reinstall kgmem)`);
  }
  const text = stripComments(readFileSync(path, 'utf8'));
  cache.set(cacheKey, text);
  return text;
}

/** Removes whole-line `//` comments and trims. */
export function stripComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n')
    .trim();
}

/** Splits a multi-statement file on semicolons that end a line. */
export function splitStatements(text: string): string[] {
  return text
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

/**
 * Fills `{{name}}` placeholders of a DDL statement. Only positive integers are accepted: DDL
 * cannot take query parameters, and nothing that comes from a user ever reaches this function.
 */
export function fillIntegerPlaceholders(text: string, values: Record<string, number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || !Number.isInteger(value) || value <= 0) {
      throw new Error(`kgmem: placeholder {{${name}}} needs a positive integer (got ${String(value)})`);
    }
    return String(value);
  });
}
