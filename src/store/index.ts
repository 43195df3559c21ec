export * from './base.js';
export * from './embedder-identity.js';
export * from './ladybug/index.js';
export * from './name-search.js';
export type { Neo4jStoreOptions } from './neo4j/options.js';
export * from './resolve.js';
