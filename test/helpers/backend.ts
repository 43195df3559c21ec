import { it } from 'vitest';
/**
 * The backend a test process runs on: the `ladybug` project runs the suite on the embedded store,
 * the `neo4j` project (vitest.config.ts) runs the tests that apply to a server on the local
 * Neo4j, with `KGMEM_STORE=neo4j` and `NEO4J_*` in the environment.
 */
export type TestBackend = 'ladybug' | 'neo4j';

/** The backend of this test process. */
export function testBackend(): TestBackend {
  return process.env.KGMEM_STORE?.toLowerCase() === 'neo4j' ? 'neo4j' : 'ladybug';
}

/**
 * The environment a memory or a `kgmem` process of this test needs: the store settings of the
 * backend and no API key (tests never reach a hosted model).
 */
export function storeEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { OPENAI_API_KEY: '', KGMEM_STORE: testBackend() };
  for (const key of ['NEO4J_URI', 'NEO4J_USER', 'NEO4J_PASSWORD', 'NEO4J_DATABASE'])
    if (process.env[key] !== undefined) env[key] = process.env[key];
  return env;
}

/** Whether this test process runs on the embedded store (for cases about its files and locks). */
export const onLadybug = testBackend() === 'ladybug';

/**
 * `it` for a case about the embedded store itself (its single-process lock, its files): registered
 * in the embedded project only, so the server project's counts hold what applies to a server.
 */
export const itOnLadybug: typeof it = onLadybug
  ? it
  : (((..._args: unknown[]) => undefined) as unknown as typeof it);

const SHARED = Symbol.for('kgmem.test.sharesDataAcrossTests');

/**
 * Declares that this file's tests share what its `beforeAll` wrote: on a server, the database is
 * then emptied once before the file rather than before each test (test/helpers/neo4j-fresh.ts).
 */
export function keepDataAcrossTests(): void {
  (globalThis as Record<symbol, unknown>)[SHARED] = true;
}

/** Whether this file declared {@link keepDataAcrossTests}. */
export function sharesDataAcrossTests(): boolean {
  return (globalThis as Record<symbol, unknown>)[SHARED] === true;
}
