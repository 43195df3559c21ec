import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';
import { luceneQuery } from '../../src/store/neo4j/queries.js';
import { Neo4jStore } from '../../src/store/neo4j/store.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('Neo4j backend without a server', () => {
  it('says clearly that Neo4j is unreachable and what to do', async () => {
    const port = await closedPort();
    const store = new Neo4jStore({ uri: `bolt://127.0.0.1:${port}`, user: 'neo4j', password: 'x' });
    const error = await store.open(64).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'StoreUnavailableError' });
    expect((error as Error).message).toMatch(/unreachable.*npm run neo4j:start.*docker compose up -d/);
  });

  it('is chosen by KGMEM_STORE=neo4j, which needs NEO4J_URI', async () => {
    await expect(
      createMemory({ embeddings: new HashingEmbeddings({ dimension: 64 }), env: { KGMEM_STORE: 'neo4j' } }),
    ).rejects.toMatchObject({ name: 'InvalidInputError', message: expect.stringMatching(/NEO4J_URI/) });
    await expect(
      createMemory({
        embeddings: new HashingEmbeddings({ dimension: 64 }),
        env: { KGMEM_STORE: 'postgres' },
      }),
    ).rejects.toMatchObject({ name: 'InvalidInputError' });
  });

  it('gives the CLI a one-line error, no stack', async () => {
    const dir = tempDir();
    try {
      const port = await closedPort();
      const run = await runCli(['users'], {
        dataDir: dir.path,
        env: { KGMEM_STORE: 'neo4j', NEO4J_URI: `neo4j://127.0.0.1:${port}`, NEO4J_PASSWORD: 'x' },
      });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^kgmem: Neo4j at neo4j:\/\/127\.0\.0\.1:\d+ is unreachable/);
    } finally {
      dir.remove();
    }
  });

  it('escapes Lucene syntax in full-text queries', () => {
    expect(luceneQuery('Polar bear (AND) "x"~ NOT ok?')).toBe('Polar bear \\(AND\\) \\"x\\"\\~ ok\\?');
  });
});
