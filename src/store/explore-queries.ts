import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CYPHER_ROOT, stripComments } from './cypher-files.js';

/**
 * A ready-made analyst query of `cypher/explore/`: what the browser console offers, and the
 * per-user way to explore (MCP's `explore` tool, `/api/users/:user/explore/:name`), where the
 * user is bound by the server.
 */
export interface CypherExample {
  name: string;
  /** The header's question ("what does kgmem currently believe about this user?"). */
  question: string;
  /** The parameters the header lists, with an example value when it gives one. */
  parameters: { name: string; description: string; example?: string | number }[];
  statement: string;
}

/**
 * The `cypher/explore` queries for a backend (`cypher/explore/ladybug/` for the embedded one,
 * the Neo4j ones otherwise), with their headers read: `// Question: …` and
 * `// Parameters: $name (type, e.g. value), …`.
 */
export function cypherExamples(backend: string): CypherExample[] {
  const cached = examples.get(backend);
  if (cached) return cached;
  const loaded = readExamples(backend);
  examples.set(backend, loaded);
  return loaded;
}

// The files ship with the package and do not change while it runs: read once per backend.
const examples = new Map<string, CypherExample[]>();

function readExamples(backend: string): CypherExample[] {
  const dir = backend === 'neo4j' ? join(CYPHER_ROOT, 'explore') : join(CYPHER_ROOT, 'explore', 'ladybug');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.cypher'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const header = (label: string) =>
        text.match(new RegExp(`^//\\s*${label}:\\s*(.*)$`, 'm'))?.[1]?.trim() ?? '';
      const parameters = [...header('Parameters').matchAll(/\$(\w+)\s*\(([^)]*)\)/g)].map(
        ([, name, description]) => {
          const example = description?.match(/e\.g\.\s*([^,)]+)/)?.[1]?.trim();
          const numeric = example !== undefined && /^-?\d+(\.\d+)?$/.test(example);
          return {
            name: name as string,
            description: (description ?? '').trim(),
            ...(example !== undefined ? { example: numeric ? Number(example) : example } : {}),
          };
        },
      );
      return {
        name: file.replace(/\.cypher$/, ''),
        question: header('Question'),
        parameters,
        statement: stripComments(text),
      };
    });
}
