import { describe } from 'vitest';
import { neo4jInitializer, neo4jSettings } from '../conformance/neo4j.initializer.js';
import { registerConformanceSuite } from '../conformance/suite.js';

// The same suite object as LadybugDB's, run unchanged on a real Neo4j server when one is configured.
const configured = neo4jSettings() !== undefined;
if (!configured) {
  console.info(
    'Neo4j conformance suite skipped: NEO4J_URI is not set. Start Neo4j with `docker compose up -d`, set ' +
      'NEO4J_URI=neo4j://localhost:7687 NEO4J_USER=neo4j NEO4J_PASSWORD=… and run `npm run test:neo4j`.',
  );
}
describe.skipIf(!configured)('Neo4j backend (needs NEO4J_URI)', () => {
  registerConformanceSuite(neo4jInitializer('neo4j (exact similarity)', Number.POSITIVE_INFINITY));
  registerConformanceSuite(neo4jInitializer('neo4j (vector index)', 0));
});
