/**
 * `kgmem/store`: what a storage backend author needs. {@link StorePort} is what a backend
 * provides (its database's lifecycle, named statements in one transaction, a write batch, the
 * console and the two searches); {@link GraphStore} builds everything else on it; the records
 * it reads and writes are the types below. The embedded LadybugDB store is here too; Neo4j is
 * `kgmem/neo4j`. A backend passes the same conformance suite as both of kgmem's (see
 * `docs/architecture.md`, "Adding a backend").
 *
 * @packageDocumentation
 */
export * from './base.js';
export * from './embedder-identity.js';
export * from './ladybug/index.js';
export * from './name-search.js';
export type { Neo4jStoreOptions } from './neo4j/options.js';
export { StorePort } from './port.js';
export * from './resolve.js';
