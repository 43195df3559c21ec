import type { Entity, Fact } from '../../model/types.js';
import { GraphStore } from '../base.js';
import type { ConsoleDriver } from '../console-port.js';
import type { EmbedderIdentity } from '../embedder-identity.js';
import { type NameMatch, rankNames } from '../name-search.js';
import type { CypherDialect } from '../read-policy/policy.js';
import type {
  EpisodeHits,
  EpisodeQuery,
  FactEdge,
  FactTimelineRef,
  MissingVectors,
  PlannedWrite,
  PlanningReads,
  RestoreBatch,
  RestoreReads,
  ScoredEntity,
  Statement,
  TimeScope,
  WriteBatch,
} from '../records.js';
import type { Row } from '../rows.js';
import type { SearchPorts } from '../search-port.js';
import { type CopyLimits, UserCopies } from './copies.js';
import { indexSearch } from './index-search.js';

/**
 * The default `cacheLimit`: 64 MiB of per-user copies, sized for a laptop (about 160 everyday
 * users of 150 facts and 20 turns, or one user of ~30,000 facts, held at once; a larger user is
 * held alone).
 */
export const DEFAULT_CACHE_LIMIT = 64 * 2 ** 20;

/** Users with fewer entities plus facts reload from the database fast enough without a snapshot. */
export const SNAPSHOT_MIN_SIZE = 100;

/** Options of {@link CachedStore}. */
export interface CacheOptions {
  /**
   * Serve the graph reads (name lookups, traversal, dedup) from an in-process copy of each
   * active user's graph; `false` keeps only the search indexes.
   * @default true
   */
  graph?: boolean;
  /**
   * Bytes (approximately) of per-user copies kept across users before the least recently used
   * users' copies are dropped; the user being read is always kept, however large.
   * @default DEFAULT_CACHE_LIMIT (64 MiB)
   */
  cacheLimit?: number;
  /** The folder where big users' copies are saved as snapshots (none when unset). */
  snapshotDir?: string;
  /**
   * Users holding at least this many entities plus facts get a snapshot (at close, and when
   * their copies are evicted), which a later load reads instead of the rows while it is current.
   * @default SNAPSHOT_MIN_SIZE (100)
   */
  snapshotMinSize?: number;
  /** The store is read-only: no snapshot is written. */
  readOnly?: boolean;
}

/** The methods of the default write path: a store using them plans outside any transaction. */
const PLANS_OUTSIDE = GraphStore.prototype.writePlanned;
const RESTORES_OUTSIDE = GraphStore.prototype.restore;

/**
 * Caching as a wrapper around any store: each user's graph, entity and fact vector indexes and
 * turn index held in process (`UserCopies`), the graph reads and both searches served from them,
 * everything else passed to the wrapped store unchanged. One invalidation point: the wrapped
 * store reports every write it commits (`onCommitted`), whatever method or process-local path
 * made it, and the copies follow it (the batch applied, or the copy dropped). Before each use a
 * user's copies are checked against the store's write generation, so a write by another process
 * (on a shared Neo4j) drops them too. Snapshots of big users belong to the cache.
 */
export class CachedStore extends GraphStore {
  /** The users' copies and their snapshots. */
  readonly copies: UserCopies;
  protected override readonly search: SearchPorts;
  private dimension = 0;
  private stopFollowing: (() => void) | undefined;

  constructor(
    readonly inner: GraphStore,
    options: CacheOptions = {},
  ) {
    super();
    forwardUnwrapped(this, inner);
    const limits: CopyLimits = {
      graph: options.graph ?? true,
      cacheLimit: options.cacheLimit ?? DEFAULT_CACHE_LIMIT,
      snapshotMinSize: options.snapshotMinSize ?? SNAPSHOT_MIN_SIZE,
      readOnly: options.readOnly ?? false,
      ...(options.snapshotDir !== undefined ? { snapshotDir: options.snapshotDir } : {}),
    };
    this.copies = new UserCopies(limits, {
      entities: (userId) => inner.listEntities(userId, Number.MAX_SAFE_INTEGER),
      facts: (userId) => inner.listFacts(userId, { limit: Number.MAX_SAFE_INTEGER, time: { mode: 'all' } }),
      vectors: (userId, of) => inner.storedVectors(userId, of),
      episodes: (userId) => inner.episodeSearchRows(userId),
      generation: (userId) => inner.generation(userId),
      dimension: () => this.dimension,
    });
    this.search = indexSearch(this.copies);
  }

  override get dialect(): CypherDialect {
    return this.inner.dialect;
  }

  override get location(): string {
    return this.inner.location;
  }

  protected override get console(): ConsoleDriver {
    return (this.inner as unknown as { console: ConsoleDriver }).console;
  }

  /**
   * The users whose copies this process holds (least recently used first) and their approximate
   * bytes: what `cacheLimit` bounds.
   */
  cachedUsers(): { users: string[]; bytes: number } {
    return this.copies.cachedUsers();
  }

  /** A recall's reads of one user check the user's write generation once (see `UserCopies.scoped`). */
  override readScope<T>(userId: string, body: () => Promise<T>): Promise<T> {
    return this.copies.scoped(userId, body);
  }

  /** Listeners hear the wrapped store's commits (the cache is one of them). */
  override onCommitted(listener: Parameters<GraphStore['onCommitted']>[0]): () => void {
    return this.inner.onCommitted(listener);
  }

  override async open(
    embedder: EmbedderIdentity | number,
    options?: { reembedding?: boolean },
  ): Promise<void> {
    await this.inner.open(embedder, options);
    this.dimension = typeof embedder === 'number' ? embedder : embedder.dimension;
    this.stopFollowing ??= this.inner.onCommitted((change) => this.copies.follow(change));
  }

  override async close(): Promise<void> {
    try {
      await this.copies.saveSnapshots();
    } finally {
      this.copies.dropAllCopies();
      this.stopFollowing?.();
      this.stopFollowing = undefined;
      await this.inner.close();
    }
  }

  override async prepareReembedding(dimension: number): Promise<void> {
    await this.inner.prepareReembedding(dimension);
    this.dimension = dimension;
    this.copies.dropAllCopies();
  }

  protected override runStatements(
    mode: 'read' | 'write',
    statements: readonly Statement[],
  ): Promise<Row[][]> {
    return (this.inner as unknown as CachedStore).runStatements(mode, statements);
  }

  override write(batch: WriteBatch): Promise<void> {
    return this.inner.write(batch);
  }

  /**
   * A store that plans outside any transaction (the embedded one: one writer, its writes queued)
   * plans from the copies; one that plans inside its locked transaction (Neo4j) plans there.
   */
  override writePlanned<T>(
    userId: string,
    plan: (reads: PlanningReads) => Promise<PlannedWrite<T>>,
  ): Promise<T> {
    return this.inner.writePlanned === PLANS_OUTSIDE
      ? super.writePlanned(userId, plan)
      : this.inner.writePlanned(userId, plan);
  }

  /** As {@link writePlanned}, for a restore. */
  override restore(userId: string, plan: (reads: RestoreReads) => Promise<RestoreBatch>): Promise<void> {
    return this.inner.restore === RESTORES_OUTSIDE
      ? super.restore(userId, plan)
      : this.inner.restore(userId, plan);
  }

  // The three searches below only call the shared method, which searches the copies through the
  // wrapper's search ports. Defining them here is what keeps `forwardUnwrapped` from sending them
  // to a backend's own override (Neo4j's vector and full-text indexes).
  override similarEntities(userId: string, vector: ArrayLike<number>, k: number, minScore: number) {
    return super.similarEntities(userId, vector, k, minScore);
  }

  override similarFacts(
    userId: string,
    vector: ArrayLike<number>,
    k: number,
    minScore: number,
    among?: readonly string[],
  ): Promise<ScoredEntity[]> {
    return super.similarFacts(userId, vector, k, minScore, among);
  }

  override searchEpisodes(userId: string, query: EpisodeQuery): Promise<EpisodeHits> {
    return super.searchEpisodes(userId, query);
  }

  override async episodeNeighbours(
    userId: string,
    uids: readonly string[],
    window: number,
  ): Promise<Map<string, string[]>> {
    return (await this.copies.episodeIndex(userId)).neighbours(uids, window);
  }

  override async missingVectors(userId: string, limit: number): Promise<MissingVectors> {
    const graph = await this.copies.userGraph(userId);
    if (!graph) return this.inner.missingVectors(userId, limit);
    // The fact index holds exactly the facts with a stored vector: the rest are missing, found
    // in process instead of by scanning every fact of the user in the database.
    const index = await this.copies.factIndex(userId);
    const facts: MissingVectors['facts'] = [];
    if (index.uidCount < graph.factCount)
      for (const fact of graph.allFacts()) {
        if (facts.length >= limit) break;
        if (!index.has(fact.uid))
          facts.push({ uid: fact.uid, subjectUid: fact.subjectUid, statement: fact.statement });
      }
    // The turn index, which recall reads anyway, says whether any turn lacks a vector.
    const episodes =
      (await this.copies.episodeIndex(userId)).missingVectors === 0
        ? []
        : (await this.inner.missingVectors(userId, limit)).episodes;
    return { episodes, facts };
  }

  override async factsByUids(userId: string, uids: readonly string[]): Promise<Fact[]> {
    if (uids.length === 0) return [];
    const graph = await this.copies.userGraph(userId);
    return graph ? graph.factsByUids(uids) : this.inner.factsByUids(userId, uids);
  }

  override async entitiesByKeys(userId: string, keys: readonly string[]): Promise<Map<string, Entity>> {
    if (keys.length === 0) return new Map();
    const graph = await this.copies.userGraph(userId);
    return graph ? graph.entitiesByKeys(keys) : this.inner.entitiesByKeys(userId, keys);
  }

  override async entitiesByUids(userId: string, uids: readonly string[]): Promise<Entity[]> {
    if (uids.length === 0) return [];
    const graph = await this.copies.userGraph(userId);
    return graph ? graph.entitiesByUids(uids) : this.inner.entitiesByUids(userId, uids);
  }

  override async factsFrom(
    userId: string,
    pairs: readonly { subjectUid: string; key: string }[],
  ): Promise<FactTimelineRef[]> {
    if (pairs.length === 0) return [];
    const graph = await this.copies.userGraph(userId);
    return graph ? graph.factsFrom(pairs) : this.inner.factsFrom(userId, pairs);
  }

  override async incidentFacts(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity?: number,
  ): Promise<Fact[]> {
    if (entityUids.length === 0 || keys?.length === 0) return [];
    const graph = await this.copies.userGraph(userId);
    return graph
      ? graph.incidentFacts(entityUids, time, keys, maxPerEntity)
      : this.inner.incidentFacts(userId, entityUids, time, keys, maxPerEntity);
  }

  /** The walk's bare edges, from the copy's incident facts (the wrapped store's own when graphs are not kept). */
  override async incidentEdges(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity?: number,
  ): Promise<FactEdge[]> {
    return (await this.copies.userGraph(userId))
      ? super.incidentEdges(userId, entityUids, time, keys, maxPerEntity)
      : this.inner.incidentEdges(userId, entityUids, time, keys, maxPerEntity);
  }

  override async searchNames(userId: string, query: string, limit: number): Promise<NameMatch[]> {
    const graph = await this.copies.userGraph(userId);
    if (!graph) return this.inner.searchNames(userId, query, limit);
    const candidates = function* () {
      for (const e of graph.allEntities())
        yield { uid: e.uid, names: [e.name, ...e.aliases], mentions: e.mentions };
    };
    return rankNames(query, candidates(), limit);
  }

  override async entitiesForResolution(userId: string): Promise<readonly Entity[]> {
    const graph = await this.copies.userGraph(userId);
    return graph ? [...graph.allEntities()] : this.inner.entitiesForResolution(userId);
  }

  override async predicateKeys(userId: string): Promise<string[]> {
    const graph = await this.copies.userGraph(userId);
    return graph ? graph.predicateKeys() : this.inner.predicateKeys(userId);
  }
}

// Shared methods that read a backend's own fields: run by the wrapped store, not the wrapper.
const ALWAYS_FORWARDED = new Set(['restoreStatements']);

/**
 * Makes every method the wrapped store's backend defines itself (its overrides of shared methods,
 * its hooks and its own admin methods) call the wrapped store's, unless the wrapper (or a
 * subclass) defines it: a backend's locked write, bulk load, parameter encodings or schema
 * commands run as the backend has them. Shared methods the backend does not override run on the
 * wrapper, so the reads they are built on come from the copies.
 */
function forwardUnwrapped(wrapper: CachedStore, inner: GraphStore): void {
  const own = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(wrapper);
    proto && proto !== GraphStore.prototype;
    proto = Object.getPrototypeOf(proto)
  )
    for (const name of Object.getOwnPropertyNames(proto)) own.add(name);
  const target = inner as unknown as Record<string, (...args: unknown[]) => unknown>;
  const forward = (name: string) =>
    Object.defineProperty(wrapper, name, {
      value: (...args: unknown[]) => target[name]?.(...args),
      configurable: true,
      writable: true,
    });
  for (const name of ALWAYS_FORWARDED) forward(name);
  for (
    let proto = Object.getPrototypeOf(inner);
    proto && proto !== GraphStore.prototype && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || own.has(name) || Object.hasOwn(wrapper, name)) continue;
      if (typeof Object.getOwnPropertyDescriptor(proto, name)?.value === 'function') forward(name);
    }
  }
}
