import { beforeAll, beforeEach } from 'vitest';
import { Neo4jStore } from '../../src/store/neo4j/store.js';
import { neo4jSettings } from '../conformance/neo4j.initializer.js';
import { sharesDataAcrossTests } from './backend.js';

// Setup of the neo4j test project: every test starts on an empty kgmem database, as each test of
// the embedded project starts in a fresh folder (the project runs one file at a time). A file
// whose tests share what its beforeAll wrote (keepDataAcrossTests) is emptied once, before it.
async function emptyDatabase(): Promise<void> {
  const settings = neo4jSettings();
  if (!settings)
    throw new Error('the neo4j test project needs NEO4J_URI (start it with npm run neo4j:start)');
  const store = new Neo4jStore(settings);
  await store.open(256, { reembedding: true });
  await store.clearAll();
  await store.close();
}

beforeAll(emptyDatabase);
beforeEach(async () => {
  if (!sharesDataAcrossTests()) await emptyDatabase();
});
