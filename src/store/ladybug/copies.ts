import { rmSync } from 'node:fs';
import { entityFromRow, factFromRow, type Row } from '../rows.js';
import { EpisodeIndex } from './episode-index.js';
import type { AffectedUsers } from './generations.js';
import { DEFAULT_CACHE_LIMIT, type LadybugStoreOptions, SNAPSHOT_MIN_SIZE } from './options.js';
import { timeParams } from './params.js';
import { readSnapshot, snapshotPath, writeSnapshot } from './snapshot.js';
import { UserGraph } from './user-graph.js';
import { decodeVector } from './vector-codec.js';
import { UserVectorIndex } from './vector-index.js';
import { ALL_COPIES, type CopyEffect } from './write-effects.js';

/** What the copies read from the database they copy. */
export interface CopySource {
  /** Runs one named read statement. */
  read(name: string, params: Record<string, unknown>): Row[];
  /** Whether a write's transaction is open: its rows are not committed, so no snapshot reads them. */
  committing(): boolean;
  /** The generation a snapshot of the user taken now is valid at. */
  snapshotKey(userId: string): string;
  /** The dimension of the database's vectors. */
  dimension(): number;
}

/**
 * The embedded store's in-process copies of its users' data — each user's graph, entity and fact
 * vector indexes, turn index and predicate vocabulary — kept in step with every committed write
 * (the store is the only writer of its file), bounded by `cacheLimit` with the least recently used
 * users dropped first, and saved as snapshots so a big user comes back without reading every row.
 * The database stays the source of truth: a copy that cannot follow a change is dropped.
 */
export class UserCopies {
  readonly vectors = new Map<string, UserVectorIndex>();
  // Per-user predicate vocabulary, kept in step with writes (this process is the only writer).
  readonly predicateVocabulary = new Map<string, Set<string>>();
  // Per-user in-process graphs (least recently used first), when inMemoryGraph is on.
  readonly graphs = new Map<string, UserGraph>();
  // Users whose snapshot was looked for (once per process), and what each saved snapshot holds.
  private readonly snapshotTried = new Set<string>();
  private readonly snapshotState = new Map<
    string,
    { generation: string; ev: boolean; fv: boolean; ep: boolean }
  >();
  // Per-user full-text and vector indexes of stored turns, and vector indexes of fact statements.
  readonly episodeIndexes = new Map<string, EpisodeIndex>();
  readonly factVectors = new Map<string, UserVectorIndex>();
  // Users with copies, least recently used first (what eviction drops first).
  private readonly recent = new Set<string>();

  constructor(
    private readonly options: LadybugStoreOptions,
    private readonly source: CopySource,
  ) {}

  /**
   * The users whose copies this process holds (least recently used first) and their approximate
   * bytes: what `cacheLimit` bounds.
   */
  cachedUsers(): { users: string[]; bytes: number } {
    const users = [...this.recent];
    return { users, bytes: users.reduce((sum, id) => sum + this.heldBytes(id), 0) };
  }

  /** Marks a user's copies as just used (last to be evicted). */
  private touch(userId: string): void {
    this.recent.delete(userId);
    this.recent.add(userId);
  }

  /** Approximate bytes of one user's in-process copies. */
  private heldBytes(userId: string): number {
    return (
      (this.graphs.get(userId)?.approxBytes ?? 0) +
      (this.vectors.get(userId)?.approxBytes ?? 0) +
      (this.factVectors.get(userId)?.approxBytes ?? 0) +
      (this.episodeIndexes.get(userId)?.approxBytes ?? 0)
    );
  }

  /**
   * Drops the least recently used users' copies (graph, vector and turn indexes together) while
   * what the process holds is over `cacheLimit` bytes; `keep` (the user being read) stays.
   */
  private evictBeyondCacheLimit(keep: string): void {
    this.touch(keep);
    const limit = this.options.cacheLimit ?? DEFAULT_CACHE_LIMIT;
    let total = 0;
    for (const id of this.recent) total += this.heldBytes(id);
    for (const id of [...this.recent]) {
      if (total <= limit) break;
      if (id === keep) continue;
      total -= this.heldBytes(id);
      this.saveSnapshot(id);
      this.forgetCopies(id);
      // Its next use reads the snapshot again (saved now, or already current), not every row.
      this.snapshotTried.delete(id);
    }
  }

  /** Removes the saved snapshots of some users (or all) and forgets what was saved. */
  removeSnapshots(users: AffectedUsers): void {
    if (this.options.path === ':memory:') return;
    if (users === 'all') {
      rmSync(`${this.options.path}.snapshots`, { recursive: true, force: true });
      this.snapshotState.clear();
      return;
    }
    for (const userId of users) {
      rmSync(snapshotPath(this.options.path, userId), { force: true });
      this.snapshotState.delete(userId);
    }
  }

  /** Drops the given kinds of in-process copy of some users (or of all). */
  dropCopies(users: AffectedUsers, effect: CopyEffect): void {
    if (users === 'all') {
      const held = [
        this.graphs,
        this.vectors,
        this.factVectors,
        this.episodeIndexes,
        this.predicateVocabulary,
      ];
      for (const userId of new Set(held.flatMap((copies) => [...copies.keys()])))
        this.dropUserCopies(userId, effect);
      return;
    }
    for (const userId of users) this.dropUserCopies(userId, effect);
  }

  private dropUserCopies(userId: string, effect: CopyEffect): void {
    if (effect === ALL_COPIES) this.recent.delete(userId);
    if (effect.has('graph')) {
      this.graphs.delete(userId);
      this.predicateVocabulary.delete(userId);
    }
    if (effect.has('entityVectors')) this.vectors.delete(userId);
    if (effect.has('factVectors')) this.factVectors.delete(userId);
    if (effect.has('episodes')) this.episodeIndexes.delete(userId);
  }

  /**
   * Loads what a user's snapshot holds (graph, entity and fact vectors) when it was taken at the
   * database's current generation: a big user then opens in a fraction of the time reading it
   * back row by row takes. Tried once per user and process.
   */
  private loadSnapshot(userId: string): void {
    if (this.snapshotTried.has(userId) || this.options.inMemoryGraph === false) return;
    this.snapshotTried.add(userId);
    if (this.options.path === ':memory:') return;
    const generation = this.source.snapshotKey(userId);
    const snapshot = readSnapshot(snapshotPath(this.options.path, userId), userId, generation);
    if (!snapshot) return;
    if (snapshot.graph && !this.graphs.has(userId))
      this.graphs.set(userId, new UserGraph(snapshot.graph.entities, snapshot.graph.facts));
    if (snapshot.entityVectors && !this.vectors.has(userId))
      this.vectors.set(userId, UserVectorIndex.fromData(snapshot.entityVectors));
    if (snapshot.factVectors && !this.factVectors.has(userId))
      this.factVectors.set(userId, UserVectorIndex.fromData(snapshot.factVectors));
    if (snapshot.episodes && !this.episodeIndexes.has(userId))
      this.episodeIndexes.set(userId, EpisodeIndex.fromData(snapshot.episodes));
    this.snapshotState.set(userId, {
      generation,
      ev: snapshot.entityVectors !== undefined,
      fv: snapshot.factVectors !== undefined,
      ep: snapshot.episodes !== undefined,
    });
    this.evictBeyondCacheLimit(userId);
  }

  /**
   * Saves snapshots of the big users held in process whose saved snapshot is missing, stale or
   * holds less. A cache only: a failure to write one costs the next process time, nothing else.
   */
  saveSnapshots(): void {
    if (this.options.readOnly || this.options.path === ':memory:' || this.options.inMemoryGraph === false)
      return;
    for (const userId of this.graphs.keys()) this.saveSnapshot(userId);
  }

  /**
   * Saves one held user's snapshot when they are big enough and the saved one is missing, stale
   * or holds less: at close, and when the user's copies are evicted (so they come back from the
   * snapshot, not row by row, on next use).
   */
  private saveSnapshot(userId: string): void {
    if (this.options.readOnly || this.options.path === ':memory:') return;
    const graph = this.graphs.get(userId);
    if (!graph || graph.size < (this.options.snapshotMinSize ?? SNAPSHOT_MIN_SIZE)) return;
    const saved = this.snapshotState.get(userId);
    const generation = this.source.snapshotKey(userId);
    // A snapshot holds everything a recall reads, so the user's first recall in the next process
    // reads no rows: an index the process never built (a writer's turn index, say) is read now,
    // once, rather than by every later reader on first use. Not inside a transaction, whose rows
    // are not committed yet (the held copies always are).
    if (saved?.generation === generation && saved.ev && saved.fv && saved.ep) return;
    const complete = !this.source.committing();
    const ev =
      this.vectors.get(userId) ??
      (complete ? this.vectorIndexOf(this.source.read('entity-embeddings', { userId })) : undefined);
    const fv =
      this.factVectors.get(userId) ??
      (complete ? this.vectorIndexOf(this.source.read('fact-vectors', { userId })) : undefined);
    const ep = this.episodeIndexes.get(userId) ?? (complete ? this.readEpisodeIndex(userId) : undefined);
    if (
      saved &&
      saved.generation === generation &&
      (saved.ev || !ev) &&
      (saved.fv || !fv) &&
      (saved.ep || !ep)
    )
      return;
    try {
      writeSnapshot(snapshotPath(this.options.path, userId), {
        userId,
        generation,
        graph: graph.contents(),
        ...(ev ? { entityVectors: ev.toData() } : {}),
        ...(fv ? { factVectors: fv.toData() } : {}),
        ...(ep ? { episodes: ep.toData() } : {}),
      });
      this.snapshotState.set(userId, {
        generation,
        ev: ev !== undefined,
        fv: fv !== undefined,
        ep: ep !== undefined,
      });
      // The saved snapshot may be loaded again in this process once the copies are dropped.
      this.snapshotTried.delete(userId);
    } catch {
      // best effort (see saveSnapshots)
    }
  }

  /** The in-process copy of a user's graph (loaded on first use), or undefined when disabled. */
  userGraph(userId: string): UserGraph | undefined {
    if (this.options.inMemoryGraph === false) return undefined;
    if (!this.graphs.has(userId)) this.loadSnapshot(userId);
    let graph = this.graphs.get(userId);
    if (graph) {
      this.touch(userId);
      return graph;
    }
    const entities = this.source
      .read('entities-list', { userId, limit: Number.MAX_SAFE_INTEGER })
      .map((r) => entityFromRow(r, userId));
    const facts = this.source
      .read('facts-list', {
        userId,
        entityUid: '',
        key: '',
        limit: Number.MAX_SAFE_INTEGER,
        ...timeParams({ mode: 'all' }),
      })
      .map((r) => factFromRow(r, userId));
    graph = new UserGraph(entities, facts);
    this.graphs.set(userId, graph);
    this.evictBeyondCacheLimit(userId);
    return graph;
  }

  private forgetCopies(userId: string): void {
    this.dropUserCopies(userId, ALL_COPIES);
  }

  dropAllCopies(): void {
    this.recent.clear();
    this.vectors.clear();
    this.predicateVocabulary.clear();
    this.graphs.clear();
    this.episodeIndexes.clear();
    this.factVectors.clear();
  }

  episodeIndex(userId: string): EpisodeIndex {
    if (!this.episodeIndexes.has(userId)) this.loadSnapshot(userId);
    let index = this.episodeIndexes.get(userId);
    if (index) this.touch(userId);
    else {
      index = this.readEpisodeIndex(userId);
      this.episodeIndexes.set(userId, index);
      this.evictBeyondCacheLimit(userId);
    }
    return index;
  }

  /** A user's turn index, read from the database. */
  private readEpisodeIndex(userId: string): EpisodeIndex {
    const index = new EpisodeIndex(this.source.dimension());
    for (const row of this.source.read('episodes-search-rows', { userId })) {
      index.add(
        String(row.uid),
        String(row.text ?? ''),
        decodeVector(row.vector, this.source.dimension()),
        String(row.threadId ?? ''),
        row.at instanceof Date ? row.at : new Date(String(row.at)),
      );
    }
    return index;
  }

  factIndex(userId: string): UserVectorIndex {
    if (!this.factVectors.has(userId)) this.loadSnapshot(userId);
    let index = this.factVectors.get(userId);
    if (index) this.touch(userId);
    else {
      index = this.vectorIndexOf(this.source.read('fact-vectors', { userId }));
      this.factVectors.set(userId, index);
      this.evictBeyondCacheLimit(userId);
    }
    return index;
  }

  vectorIndex(userId: string): UserVectorIndex {
    if (!this.vectors.has(userId)) this.loadSnapshot(userId);
    let index = this.vectors.get(userId);
    if (index) this.touch(userId);
    else {
      index = this.vectorIndexOf(this.source.read('entity-embeddings', { userId }));
      this.vectors.set(userId, index);
      this.evictBeyondCacheLimit(userId);
    }
    return index;
  }

  /** A user's entity or fact vector index, from its rows (`entity-embeddings`, `fact-vectors`). */
  private vectorIndexOf(rows: readonly Record<string, unknown>[]): UserVectorIndex {
    const index = new UserVectorIndex(this.source.dimension());
    for (const row of rows) {
      const vector = decodeVector(row.vector, this.source.dimension());
      if (vector) index.add(String(row.uid), vector);
    }
    return index;
  }
}
