/** Options of the Neo4j store (`Neo4jStore` from `kgmem/neo4j`, or `createMemory({ store: { neo4j } })`). */
export interface Neo4jStoreOptions {
  /** Bolt or neo4j URI (`neo4j://localhost:7687`). */
  uri: string;
  user: string;
  password: string;
  /** Database name. @default the server's default database */
  database?: string;
  /**
   * Users with at most this many entities (or facts) get exact cosine over their own; larger
   * users search the vector index, over-fetched by their share of it (see `maxCandidates`).
   * Exact cosine on the server costs about 9 µs per vector (370 ms over 43,000 entities, against
   * 11 ms for the index), so only small users are worth it.
   * @default 2000
   */
  exactSearchLimit?: number;
  /**
   * Least candidates fetched from a vector index per result wanted, before keeping the user's own.
   * @default 20
   */
  overfetch?: number;
  /**
   * Most candidates one index search may fetch; a user whose share of the index would need more
   * gets exact search instead, so no user's entities are ever lost to other users'.
   * @default 100000
   */
  maxCandidates?: number;
  /**
   * Most triples one write transaction takes: a larger `addTriples` is written as consecutive
   * transactions of at most this many, each whole. Neo4j looks up and creates a transaction's
   * entity keys against its own uncommitted index entries, which costs more the more a transaction
   * holds (25,000 triples in one transaction: ~300 s on the MetaQA kb against ~110 s in five of
   * 5,000); 5,000 also keeps one transaction well inside the server's default transaction memory.
   * @default DEFAULT_NEO4J_TRIPLES_PER_TRANSACTION (5000)
   */
  triplesPerTransaction?: number;
}

/** The default {@link Neo4jStoreOptions.triplesPerTransaction}. */
export const DEFAULT_NEO4J_TRIPLES_PER_TRANSACTION = 5_000;
