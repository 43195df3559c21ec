/**
 * `kgmem/store/conformance`: the suite every storage backend passes unchanged, as a test kit.
 * A backend author registers it in one vitest file:
 *
 * ```ts
 * import { registerConformanceSuite } from 'kgmem/store/conformance';
 * registerConformanceSuite({ name: 'my store', create: async () => new MyStore(options), destroy: async (s) => s.close() });
 * ```
 *
 * `create` gives a fresh, empty store (not yet opened); `destroy` releases what it used. Needs
 * `vitest` and `graphology` (optional peers of kgmem). kgmem's own two backends run the same
 * suite (`test/ladybug.conformance.test.ts`, `test/neo4j/neo4j.conformance.test.ts`).
 *
 * @packageDocumentation
 */
export { registerConformanceSuite } from './suite.js';
export type { StoreInitializer } from './types.js';
