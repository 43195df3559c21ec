import { describe } from 'vitest';
import { registerConformanceSuite } from '../../src/store/conformance/suite.js';
import { neo4jInitializer } from '../conformance/neo4j.initializer.js';

// The same suite object as LadybugDB's, run unchanged on a real Neo4j server: this file belongs to
// the `neo4j` test project, defined when NEO4J_URI is set (see vitest.config.ts).
describe('Neo4j backend', () => {
  registerConformanceSuite(neo4jInitializer('neo4j (exact similarity)', Number.POSITIVE_INFINITY));
  registerConformanceSuite(neo4jInitializer('neo4j (vector index)', 0));
  registerConformanceSuite(neo4jInitializer('neo4j (cached)', 0, true));
});
