import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CYPHER_ROOT,
  fillIntegerPlaceholders,
  loadCypher,
  splitStatements,
} from '../../src/store/cypher-files.js';

/**
 * A recording fake of the neo4j-driver API the Neo4j adapter uses (driver, session, managed and
 * auto-commit transactions). It is not a database: every statement is recorded with its name
 * (the `cypher/neo4j/*.cypher` file it came from), its parameters as the driver would send them,
 * the transaction and the session's configuration, and answered only with the rows the test's
 * `respond` states (nothing for a statement it does not know).
 */

/** One statement the adapter sent. */
export interface SentStatement {
  /** The statement file's name, `schema` for a schema command, `console` for anything else. */
  name: string;
  text: string;
  params: Record<string, unknown>;
  /** Which transaction: one number per managed transaction or auto-commit run. */
  tx: number;
  mode: 'read' | 'write' | 'auto';
  sessionConfig: Record<string, unknown>;
}

/** Rows (in the driver's shapes) for one statement, or an error to throw. */
export type Responder = (name: string, params: Record<string, unknown>) => Record<string, unknown>[] | Error;

const namedStatements = (() => {
  const byText = new Map<string, string>();
  for (const file of readdirSync(join(CYPHER_ROOT, 'neo4j'))) {
    const name = file.replace(/\.cypher$/, '');
    if (name === 'schema') continue;
    byText.set(loadCypher('neo4j', name), name);
  }
  return byText;
})();

function statementName(text: string): string {
  const named = namedStatements.get(text);
  if (named) return named;
  const schema = splitStatements(
    fillIntegerPlaceholders(loadCypher('neo4j', 'schema'), { embeddingDimension: 1 }),
  );
  const shape = (s: string) => s.replace(/`vector\.dimensions`: \d+/, '`vector.dimensions`: N');
  return schema.some((s) => shape(s) === shape(text)) ? 'schema' : 'console';
}

function result(keysOf: Record<string, unknown>[]) {
  return {
    records: keysOf.map((row) => ({
      keys: Object.keys(row),
      toObject: () => row,
      get: (key: string) => row[key],
    })),
    summary: { queryType: 'r', counters: { updates: () => ({}) } },
  };
}

/** The fake driver and what it recorded. */
export class FakeNeo4j {
  readonly sent: SentStatement[] = [];
  readonly sessions: Record<string, unknown>[] = [];
  /** How many times each managed write transaction function was started. */
  writeAttempts = 0;
  private txCounter = 0;
  closed = false;

  constructor(public respond: Responder = () => []) {}

  /** The `neo4j.driver(uri, auth, config)` stand-in. */
  driver = (_uri: string, _auth: unknown, _config: unknown) => ({
    verifyConnectivity: async () => ({}),
    close: async () => {
      this.closed = true;
    },
    session: (config: Record<string, unknown>) => this.session(config),
    // One read as a managed transaction of its own (what the store's single reads use).
    executeQuery: (text: string, params: Record<string, unknown>, config: Record<string, unknown>) =>
      this.session(config).executeRead((tx) => tx.run(text, params)),
  });

  /** Statements of one name, in order. */
  named(name: string): SentStatement[] {
    return this.sent.filter((s) => s.name === name);
  }

  private session(config: Record<string, unknown>) {
    this.sessions.push(config);
    const runner = (tx: number, mode: SentStatement['mode']) => ({
      run: async (text: string, params: Record<string, unknown> = {}) => {
        const name = statementName(text.replace(/^EXPLAIN /, ''));
        this.sent.push({ name, text, params, tx, mode, sessionConfig: config });
        const rows = this.respond(name, params);
        if (rows instanceof Error) throw rows;
        return result(rows);
      },
    });
    return {
      executeRead: async <T>(work: (tx: ReturnType<typeof runner>) => Promise<T>) =>
        work(runner(++this.txCounter, 'read')),
      executeWrite: async <T>(work: (tx: ReturnType<typeof runner>) => Promise<T>) => {
        this.writeAttempts++;
        return work(runner(++this.txCounter, 'write'));
      },
      run: (text: string, params?: Record<string, unknown>) =>
        runner(++this.txCounter, 'auto').run(text, params),
      close: async () => {},
    };
  }
}
