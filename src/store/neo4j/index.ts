export type { Neo4jStoreOptions } from './options.js';
export { luceneQuery, Neo4jStore } from './store.js';
