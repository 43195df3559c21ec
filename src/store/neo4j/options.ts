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
}
