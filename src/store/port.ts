import { StatementNotAllowedError } from '../model/errors.js';
import type { Fact } from '../model/types.js';
import { refuseTransactionControl } from './console-guard.js';
import type { EmbedderIdentity } from './embedder-identity.js';
import {
  type CypherDialect,
  checkPlan,
  checkStatement,
  type PlanSummary,
  type ReadVerdict,
} from './read-policy/policy.js';
import type {
  CypherOptions,
  CypherResult,
  EpisodeHits,
  EpisodeQuery,
  ScoredEntity,
  Statement,
  TimeScope,
  WriteBatch,
} from './records.js';
import type { Row } from './rows.js';

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
 * What a storage backend provides: its database's lifecycle, named statements run in one
 * transaction ({@link StorePort.runStatements}), the reads whose best form differs per database
 * (similarity, full text, the walk), the console and its read-only check. Everything else a
 * store does is built on these in {@link GraphStore}.
 */
export abstract class StorePort {
  /** Backend name, for messages and `kgmem info`. */
  abstract readonly backend: string;

  /**
   * Opens the database, applies the schema and checks the embedder its vectors were written
   * with (recording it the first time). A number checks the dimension only. `reembedding` skips
   * the check: `kgmem reembed` is about to replace every vector and then records the embedder.
   *
   * @throws EmbedderMismatchError when the database was embedded by another model or dimension
   */
  abstract open(embedder: EmbedderIdentity | number, options?: { reembedding?: boolean }): Promise<void>;

  /** Records the embedder the database's vectors now come from (after `kgmem reembed`). */
  abstract recordEmbedder(identity: EmbedderIdentity): Promise<void>;

  /** Applies one write batch atomically (all or nothing); creates the user if needed. */
  abstract write(batch: WriteBatch): Promise<void>;

  /** The `k` entities of a user most similar to `vector` (exact cosine), best first. */
  abstract similarEntities(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
  ): Promise<ScoredEntity[]>;

  /**
   * Facts touching any of the given entities, in either direction, within a time scope;
   * only the given predicate keys when `keys` is set; at most `maxPerEntity` per entity (a hub
   * with thousands of facts then costs no more than any other entity). Returned facts are shared read-only
   * records: copy before changing them.
   */
  abstract incidentFacts(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity?: number,
  ): Promise<Fact[]>;

  /**
   * Searches a user's stored turns by full text (BM25 over their words) and by similarity of
   * their embeddings; each signal returns its own ranking.
   */
  abstract searchEpisodes(userId: string, query: EpisodeQuery): Promise<EpisodeHits>;

  /**
   * For each given episode, the uids of the turns just before and after it in its thread
   * (`window` on each side): the conversation around a hit.
   */
  abstract episodeNeighbours(
    userId: string,
    uids: readonly string[],
    window: number,
  ): Promise<Map<string, string[]>>;

  /**
   * The `k` facts of a user whose statements are most similar to `vector`, best first; with
   * `among`, only among those facts (the ones a walk reached), else among all the user's facts.
   */
  abstract similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]>;

  /** Where the data is, for messages: a database file, or a server's address. */
  abstract readonly location: string;

  /** The Cypher dialect of this backend's statements and console. */
  abstract readonly dialect: CypherDialect;

  /**
   * Runs one raw Cypher statement with parameters (the console). With `readOnly` the statement
   * must pass {@link GraphStore.checkReadOnly} first, or nothing reaches the database.
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
    return this.executeConsole(statement, params, options);
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
    return checkPlan(await this.explain(statement, params), this.dialect);
  }

  /**
   * The database's plan of one statement (that passed the clause check), without running it;
   * `writes` when the database says it would change anything.
   */
  protected abstract explain(statement: string, params: Record<string, unknown>): Promise<PlanSummary>;

  /** Runs one console statement as the database takes it (after {@link GraphStore.runCypher}'s checks). */
  protected abstract executeConsole(
    statement: string,
    params: Record<string, unknown>,
    options: CypherOptions,
  ): Promise<CypherResult>;

  /** Releases the database; further calls fail with `ClosedError`. */
  abstract close(): Promise<void>;

  /**
   * The primitive the shared methods below are built on: runs named statements in order in
   * one read or write transaction (all or nothing) and returns each statement's rows.
   */
  protected abstract runStatements(
    mode: 'read' | 'write',
    statements: readonly Statement[],
  ): Promise<Row[][]>;

  /** Runs one named read statement. */
  protected async readRows(name: string, params: Record<string, unknown>): Promise<Row[]> {
    return (await this.runStatements('read', [{ name, params }]))[0] ?? [];
  }

  /** Runs one named write statement in its own transaction. */
  protected async writeRows(name: string, params: Record<string, unknown>): Promise<Row[]> {
    return (await this.runStatements('write', [{ name, params }]))[0] ?? [];
  }

  /**
   * Makes room for vectors of `dimension` before `kgmem reembed` (Neo4j's vector indexes and the
   * embedded store's in-process indexes are sized by dimension); nothing to do when it does not
   * change.
   */
  abstract prepareReembedding(dimension: number): Promise<void>;
}
