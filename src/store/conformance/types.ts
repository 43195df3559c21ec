import type { GraphStore } from '../../store/base.js';

/**
 * How a backend joins the conformance suite: a name, a factory for a fresh, empty store (not
 * yet opened) and a cleanup. The Neo4j initializer implements the same three members.
 */
export interface StoreInitializer {
  /** Shown in the suite's test names. */
  name: string;
  /** A fresh, empty store, not yet opened (the suite opens it through `createMemory`). */
  create(): Promise<GraphStore>;
  /** Releases what `create` made (the memory over the store is closed first). */
  destroy(store: GraphStore): Promise<void>;
}
