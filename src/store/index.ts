export * from './base.js';
export * from './ladybug/index.js';
export * from './neo4j/index.js';
export * from './resolve.js';
