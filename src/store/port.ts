import { StatementNotAllowedError } from '../model/errors.js';
import type { CommittedWrite } from './cache/write-effects.js';
import { refuseTransactionControl } from './console-guard.js';
import type { ConsoleDriver } from './console-port.js';
import type { EmbedderIdentity } from './embedder-identity.js';
import { type CypherDialect, checkPlan, checkStatement, type ReadVerdict } from './read-policy/policy.js';
import type {
  CypherOptions,
  CypherResult,
  EpisodeHits,
  EpisodeQuery,
  ScoredEntity,
  Statement,
  WriteBatch,
} from './records.js';
import type { Row } from './rows.js';
import type { SearchPorts } from './search-port.js';

export type {
  CypherOptions,
  CypherResult,
  EntityTouch,
  EpisodeHits,
  EpisodeQuery,
  FactEdge,
  FactFilter,
  FactInvalidation,
  FactMention,
  FactRef,
  FactTimelineRef,
  FactValidFrom,
  MissingVectors,
  NewEntity,
  NewEntityKey,
  NewFact,
  PlannedWrite,
  PlanningReads,
  RestoreBatch,
  RestoreReads,
  ScoredEntity,
  Statement,
  StoredItem,
  TimeScope,
  UserStats,
  VectorUpdate,
  WriteBatch,
} from './records.js';

/**
 * What a storage backend provides, and nothing more: its database's lifecycle ({@link open},
 * {@link close}), named statements run in one transaction ({@link runStatements}), a write batch
 * applied atomically ({@link write}), the console's two operations ({@link console}), and the two
 * search ports ({@link search}: similarity and full text). Everything else a store does is built
 * on these, in this class (searches, the console's checks) and in {@link GraphStore} (reads,
 * episodes, items, admin, on named statements); a backend overrides a shared method only where
 * its database does better.
 */
export abstract class StorePort {
  /** The Cypher dialect of this backend's statements and console; also its name. */
  abstract readonly dialect: CypherDialect;

  /** Where the data is, for messages: a database file, or a server's address. */
  abstract readonly location: string;

  /**
   * Opens the database, applies the schema and checks the embedder its vectors were written
   * with (recording it the first time). A number checks the dimension only. `reembedding` skips
   * the check: `kgmem reembed` is about to replace every vector and then records the embedder.
   *
   * @throws EmbedderMismatchError when the database was embedded by another model or dimension
   */
  abstract open(embedder: EmbedderIdentity | number, options?: { reembedding?: boolean }): Promise<void>;

  /** Releases the database; further calls fail with `ClosedError`. */
  abstract close(): Promise<void>;

  /**
   * The primitive the shared methods are built on: runs named statements in order in one read
   * or write transaction (all or nothing) and returns each statement's rows.
   */
  protected abstract runStatements(
    mode: 'read' | 'write',
    statements: readonly Statement[],
  ): Promise<Row[][]>;

  /** Applies one write batch atomically (all or nothing); creates the user if needed. */
  abstract write(batch: WriteBatch): Promise<void>;

  /** The console's plan and run, as this database takes them. */
  protected abstract readonly console: ConsoleDriver;

  /** Similarity search (in process, or the database's vector index) and full-text search. */
  protected abstract readonly search: SearchPorts;

  private readonly commitListeners = new Set<(change: CommittedWrite) => void>();

  /**
   * Calls `listener` after every write this store commits, with what it changed (a cache keeps
   * its copies in step with it: `cache/cached-store.ts`). Every write of a backend passes through
   * {@link committed}: a listener misses none. Returns the function that stops the calls.
   */
  onCommitted(listener: (change: CommittedWrite) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  /** Tells the listeners of {@link onCommitted} about a committed write (backends call it once per commit). */
  protected committed(change: CommittedWrite): void {
    for (const listener of this.commitListeners) listener(change);
  }

  /**
   * A user's write generation: it changes with every committed write that changes the user's
   * data, in this process or any other, so a copy taken at one generation is known to be stale at
   * any other. `undefined` when the backend keeps none (a cache of it then follows only the
   * writes it is told about).
   */
  async generation(_userId: string): Promise<string | undefined> {
    return undefined;
  }

  /**
   * Runs `body`, a group of reads of one user (a recall), as one: a store that checks its copies
   * against the user's write generation before each read (the cache) checks it once for the
   * group, at its first read, rather than before each of a recall's dozen reads. The group then
   * reads the user as of that check, and sees every write this process commits meanwhile (the
   * copies follow those); a write by another process during it shows from the next group on.
   * Other stores run `body` as it is.
   */
  readScope<T>(_userId: string, body: () => Promise<T>): Promise<T> {
    return body();
  }

  /** Backend name, for messages and `kgmem info`: its dialect. */
  get backend(): string {
    return this.dialect;
  }

  /** The `k` entities of a user most similar to `vector` (cosine), best first. */
  similarEntities(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]> {
    return this.search.vectors.similarEntities(userId, vector, k, minScore);
  }

  /**
   * The `k` facts of a user whose statements are most similar to `vector`, best first; with
   * `among`, only among those facts (the ones a walk reached), else among all the user's facts.
   */
  similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]> {
    return this.search.vectors.similarFacts(userId, vector, k, minScore, among);
  }

  /**
   * Searches a user's stored turns by full text (BM25 over their words) and by similarity of
   * their embeddings, at once; each signal returns its own ranking.
   */
  async searchEpisodes(userId: string, query: EpisodeQuery): Promise<EpisodeHits> {
    const [text, vector] = await Promise.all([
      this.search.text.searchEpisodes(userId, query),
      query.vector
        ? this.search.vectors.similarEpisodes(userId, query.vector, query.k, query.minSimilarity)
        : [],
    ]);
    return { text, vector };
  }

  /**
   * Runs one raw Cypher statement with parameters (the console). With `readOnly` the statement
   * must pass {@link checkReadOnly} first, or nothing reaches the database.
   *
   * @throws StatementNotAllowedError when `readOnly` and the statement is not a plain read
   */
  async runCypher(
    statement: string,
    params: Record<string, unknown> = {},
    options: CypherOptions = {},
  ): Promise<CypherResult> {
    refuseTransactionControl(statement);
    if (options.readOnly) {
      const verdict = await this.checkReadOnly(statement, params);
      if (!verdict.allowed)
        throw new StatementNotAllowedError(`read-only: ${verdict.reason}; nothing was run`);
    }
    return this.console.execute(statement, params, options);
  }

  /**
   * Whether a raw statement may run where only reading is allowed: a query of this database and
   * nothing else. Decided in two steps, both allow-lists: the statement's clauses, checked before
   * anything reaches the database (`read-policy/policy.ts`), then the database's own plan of it
   * (every operator a reading one). The statement is never run.
   */
  async checkReadOnly(statement: string, params: Record<string, unknown> = {}): Promise<ReadVerdict> {
    const clauses = checkStatement(statement, this.dialect);
    if (!clauses.allowed) return clauses;
    return checkPlan(await this.console.explain(statement, params), this.dialect);
  }

  /** Runs one named read statement. */
  protected async readRows(name: string, params: Record<string, unknown>): Promise<Row[]> {
    return (await this.runStatements('read', [{ name, params }]))[0] ?? [];
  }

  /** Runs one named write statement in its own transaction. */
  protected async writeRows(name: string, params: Record<string, unknown>): Promise<Row[]> {
    return (await this.runStatements('write', [{ name, params }]))[0] ?? [];
  }
}
