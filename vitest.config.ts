import { defineConfig } from 'vitest/config';

/**
 * Two projects. `ladybug`: the whole suite on the embedded store (each test in its own folder,
 * files in parallel). `neo4j`, when NEO4J_URI is set (CI starts the local Neo4j with
 * `npm run neo4j:start`): the conformance suite, the real-server properties and the CLI, HTTP
 * API, MCP and surface tests again with KGMEM_STORE=neo4j, one file at a time on an emptied
 * database, after the embedded project. Without NEO4J_URI, test/neo4j/availability.test.ts says
 * what was not run (and fails in CI).
 */
const NEO4J_FILES = [
  'test/neo4j/neo4j.conformance.test.ts',
  'test/neo4j/real-server.test.ts',
  'test/cli/**/*.test.ts',
  'test/server/**/*.test.ts',
  'test/mcp/**/*.test.ts',
  'test/surfaces/**/*.test.ts',
];
const SERVER_ONLY = ['test/neo4j/neo4j.conformance.test.ts', 'test/neo4j/real-server.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'ladybug',
          include: ['test/**/*.test.ts'],
          exclude: SERVER_ONLY,
          env: { KGMEM_STORE: 'ladybug' },
          sequence: { groupOrder: 0 },
        },
      },
      ...(process.env.NEO4J_URI
        ? [
            {
              extends: true as const,
              test: {
                name: 'neo4j',
                include: NEO4J_FILES,
                // About the embedded store itself: one process holding the database file, and the
                // snapshots beside it. A server has neither.
                exclude: [
                  'test/cli/hub.test.ts',
                  'test/cli/holder.test.ts',
                  'test/cli/writes-across-processes.test.ts',
                ],
                env: { KGMEM_STORE: 'neo4j' },
                setupFiles: ['test/helpers/neo4j-fresh.ts'],
                fileParallelism: false,
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
    ],
  },
});
