export type { Neo4jStoreOptions } from './options.js';
export { luceneQuery } from './queries.js';
export { Neo4jStore } from './store.js';
