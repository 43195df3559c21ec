import type { GraphStore } from '../../src/store/base.js';

/**
 * How a backend joins the conformance suite: a name, a factory for a fresh, empty store (not
 * yet opened) and a cleanup. The Neo4j initializer implements the same three members.
 */
export interface StoreInitializer {
  name: string;
  create(): Promise<GraphStore>;
  destroy(store: GraphStore): Promise<void>;
}
