import { AsyncLocalStorage } from 'node:async_hooks';
import { rmSync } from 'node:fs';
import { episodeText } from '../../model/episode-text.js';
import type { Entity, Fact } from '../../model/types.js';
import type { EpisodeSearchRow, StoredVector } from '../records.js';
import { EpisodeIndex } from './episode-index.js';
import { episodeIndexOf, vectorIndexOf } from './index-search.js';
import { readSnapshot, snapshotFile, writeSnapshot } from './snapshot.js';
import { UserGraph } from './user-graph.js';
import { UserVectorIndex } from './vector-index.js';
import { type AffectedUsers, ALL_COPIES, type CommittedWrite, type CopyEffect } from './write-effects.js';

/** What the copies read from the store they copy (every read asynchronous). */
export interface CopySource {
  /** Every entity of a user. */
  entities(userId: string): Promise<Entity[]>;
  /** Every fact of a user, current and closed. */
  facts(userId: string): Promise<Fact[]>;
  /** Every stored vector of a user's entities or facts. */
  vectors(userId: string, of: 'entities' | 'facts'): Promise<StoredVector[]>;
  /** Every stored turn of a user, as the turn index takes it. */
  episodes(userId: string): Promise<EpisodeSearchRow[]>;
  /** The user's write generation now (`StorePort.generation`). */
  generation(userId: string): Promise<string | undefined>;
  /** The dimension of the store's vectors. */
  dimension(): number;
}

/** How much the copies keep, and where their snapshots go. */
export interface CopyLimits {
  /** Serve graph reads from copies (`false`: only the search indexes are kept). */
  graph: boolean;
  /** Approximate bytes of copies kept across users before the least recently used are dropped. */
  cacheLimit: number;
  /** The folder of saved snapshots; none when undefined. */
  snapshotDir?: string;
  /** Users with at least this many entities plus facts get a snapshot. */
  snapshotMinSize: number;
  /** Never write a snapshot (a read-only store). */
  readOnly: boolean;
}

/** What a saved snapshot of a user holds, and at which generation. */
interface SavedState {
  generation: string;
  ev: boolean;
  fv: boolean;
  ep: boolean;
}

/**
 * A cache's in-process copies of its users' data — each user's graph, entity and fact vector
 * indexes and turn index — kept in step with every committed write the store reports
 * ({@link follow}), checked against the store's write generation before each use (a write by
 * another process drops them), bounded by `cacheLimit` with the least recently used users dropped
 * first, and saved as snapshots so a big user comes back without reading every row. The store
 * stays the source of truth: a copy that cannot follow a change is dropped.
 */
export class UserCopies {
  readonly vectors = new Map<string, UserVectorIndex>();
  readonly graphs = new Map<string, UserGraph>();
  readonly episodeIndexes = new Map<string, EpisodeIndex>();
  readonly factVectors = new Map<string, UserVectorIndex>();
  // The store's generation each user's copies were taken at (absent: unknown).
  private readonly heldAt = new Map<string, string>();
  // Bumped by every change a copy must follow: a load that started before one is not kept.
  private readonly versions = new Map<string, number>();
  private epoch = 0;
  // Users whose snapshot was looked for (once per process), and what each saved snapshot holds.
  private readonly snapshotTried = new Set<string>();
  private readonly snapshotState = new Map<string, SavedState>();
  // Users with copies, least recently used first (what eviction drops first).
  private readonly recent = new Set<string>();
  // The group of reads running (see `scoped`): its user, the generation its first read found, and
  // that check while it runs.
  private readonly scopes = new AsyncLocalStorage<{
    userId: string;
    checked?: string | undefined;
    pending?: Promise<string | undefined> | undefined;
  }>();

  constructor(
    private readonly limits: CopyLimits,
    private readonly source: CopySource,
  ) {}

  /** The users whose copies are held (least recently used first) and their approximate bytes. */
  cachedUsers(): { users: string[]; bytes: number } {
    const users = [...this.recent];
    return { users, bytes: users.reduce((sum, id) => sum + this.heldBytes(id), 0) };
  }

  /** The in-process graph of a user (loaded on first use), or undefined when graphs are not kept. */
  async userGraph(userId: string): Promise<UserGraph | undefined> {
    if (!this.limits.graph) return undefined;
    return this.held(userId, this.graphs, async () => {
      const [entities, facts] = await Promise.all([this.source.entities(userId), this.source.facts(userId)]);
      return new UserGraph(entities, facts);
    });
  }

  /** A user's turn index (full text and vectors). */
  episodeIndex(userId: string): Promise<EpisodeIndex> {
    return this.held(userId, this.episodeIndexes, () => this.readEpisodeIndex(userId));
  }

  /** A user's index of fact statement vectors. */
  factIndex(userId: string): Promise<UserVectorIndex> {
    return this.held(userId, this.factVectors, () => this.readVectors(userId, 'facts'));
  }

  /** A user's index of entity vectors. */
  vectorIndex(userId: string): Promise<UserVectorIndex> {
    return this.held(userId, this.vectors, () => this.readVectors(userId, 'entities'));
  }

  /**
   * One kind of copy of a user: checked against the store's generation first (dropped when
   * another process wrote since), then the held one, the snapshot's, or one read now. A copy read
   * while a write of the user committed serves this read but is not kept.
   */
  private async held<T>(userId: string, copies: Map<string, T>, read: () => Promise<T>): Promise<T> {
    const generation = await this.checkGeneration(userId);
    if (!copies.has(userId) && this.loadSnapshot(userId, generation))
      await this.evictBeyondCacheLimit(userId);
    const held = copies.get(userId);
    if (held) {
      this.touch(userId);
      return held;
    }
    const version = this.versionOf(userId);
    const copy = await read();
    // A write committed while it was read: it serves this read, the next reads again.
    if (this.versionOf(userId) !== version) return copy;
    const raced = copies.get(userId);
    if (raced) return raced;
    if (generation !== undefined) {
      // Other copies of the user held at another generation: one user's copies never mix two.
      if (this.holds(userId) && this.heldAt.get(userId) !== generation) return copy;
      this.heldAt.set(userId, generation);
    }
    copies.set(userId, copy);
    await this.evictBeyondCacheLimit(userId);
    return copy;
  }

  /**
   * The store's generation of a user now; the user's copies are dropped when they were taken at
   * another (another process wrote since).
   */
  private checkGeneration(userId: string): Promise<string | undefined> {
    const scope = this.scopes.getStore();
    if (scope?.userId !== userId) return this.readGeneration(userId);
    // Checked already in this group of reads, and the copies are still the ones it checked.
    if (scope.checked !== undefined && this.heldAt.get(userId) === scope.checked)
      return Promise.resolve(scope.checked);
    // The group's reads that start together share one check.
    scope.pending ??= this.readGeneration(userId)
      .then((now) => {
        scope.checked = now;
        return now;
      })
      .finally(() => {
        scope.pending = undefined;
      });
    return scope.pending;
  }

  /** The store's generation of a user read now (see `checkGeneration`). */
  private async readGeneration(userId: string): Promise<string | undefined> {
    const version = this.versionOf(userId);
    const now = await this.source.generation(userId);
    if (now === undefined || this.versionOf(userId) !== version) return now;
    if (this.heldAt.get(userId) === now) return now;
    if (this.holds(userId)) this.dropUserCopies(userId, ALL_COPIES);
    this.heldAt.set(userId, now);
    return now;
  }

  /**
   * Runs `body`, a group of reads of one user, with one check of the user's generation: the
   * first read checks it, and the later ones trust the copies while they are still held at the
   * generation it found (a write this process commits moves them, and the next read checks
   * again). A group inside a group of the same user is the outer one.
   */
  scoped<T>(userId: string, body: () => Promise<T>): Promise<T> {
    if (this.scopes.getStore()?.userId === userId) return body();
    return this.scopes.run({ userId }, body);
  }

  /**
   * Brings the copies in step with a write the store committed: the batch or turn applied where
   * the copy was taken at the write's `before` generation (or the store keeps none), every other
   * changed copy dropped. Saved snapshots of the users are removed: they are stale, and a
   * forgotten fact must not outlive its deletion in a cache file.
   */
  follow(change: CommittedWrite): void {
    const { users, effect } = change;
    if (effect.size === 0) return;
    this.removeSnapshots(users);
    if (users === 'all') {
      this.epoch++;
      this.heldAt.clear();
      for (const userId of this.heldUsers()) this.dropUserCopies(userId, effect);
      return;
    }
    for (const userId of new Set(users)) {
      this.versions.set(userId, (this.versions.get(userId) ?? 0) + 1);
      const moved = change.generations?.get(userId);
      const exact =
        moved === undefined
          ? change.generations === undefined && !this.heldAt.has(userId)
          : this.heldAt.get(userId) === moved.before;
      if (!exact) {
        this.dropUserCopies(userId, ALL_COPIES);
        this.heldAt.delete(userId);
        continue;
      }
      if (moved) this.heldAt.set(userId, moved.after);
      if (change.batch?.userId === userId) this.applyBatch(change.batch);
      else if (change.episode?.episode.userId === userId) {
        const { episode, vector } = change.episode;
        this.episodeIndexes
          .get(userId)
          ?.add(episode.uid, episodeText(episode.messages), vector, episode.threadId, episode.at);
      } else this.dropUserCopies(userId, effect);
    }
  }

  /** Brings a user's copies in step with a committed write batch. */
  private applyBatch(batch: NonNullable<CommittedWrite['batch']>): void {
    const { userId } = batch;
    const graph = this.graphs.get(userId);
    if (graph?.size === 0) {
      // The user had nothing before this write (the copy is exact): their vector indexes start
      // empty and exact too, so a first bulk import leaves a complete snapshot on close.
      if (!this.vectors.has(userId)) this.vectors.set(userId, new UserVectorIndex(this.source.dimension()));
      if (!this.factVectors.has(userId))
        this.factVectors.set(userId, new UserVectorIndex(this.source.dimension()));
    }
    const index = this.vectors.get(userId);
    if (index) for (const e of batch.entities) index.add(e.uid, e.embedding);
    graph?.apply(batch);
    const factIndex = this.factVectors.get(userId);
    if (factIndex) for (const f of batch.facts) if (f.vector) factIndex.add(f.uid, f.vector);
  }

  /** Drops every copy (not the snapshots). */
  dropAllCopies(): void {
    this.recent.clear();
    this.vectors.clear();
    this.graphs.clear();
    this.episodeIndexes.clear();
    this.factVectors.clear();
    this.heldAt.clear();
    this.epoch++;
  }

  /**
   * Saves snapshots of the big users held whose saved snapshot is missing, stale or holds less
   * (at close). A cache only: a failure to write one costs the next process time, nothing else.
   */
  async saveSnapshots(): Promise<void> {
    if (!this.limits.graph) return;
    for (const userId of [...this.graphs.keys()]) await this.saveSnapshot(userId);
  }

  private versionOf(userId: string): string {
    return `${this.epoch}/${this.versions.get(userId) ?? 0}`;
  }

  private heldUsers(): Set<string> {
    return new Set(
      [this.graphs, this.vectors, this.factVectors, this.episodeIndexes].flatMap((m) => [...m.keys()]),
    );
  }

  private holds(userId: string): boolean {
    return (
      this.graphs.has(userId) ||
      this.vectors.has(userId) ||
      this.factVectors.has(userId) ||
      this.episodeIndexes.has(userId)
    );
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
   * Drops the least recently used users' copies (all kinds together, a snapshot saved first)
   * while what is held is over `cacheLimit` bytes; `keep` (the user being read) stays.
   */
  private async evictBeyondCacheLimit(keep: string): Promise<void> {
    this.touch(keep);
    let total = 0;
    for (const id of this.recent) total += this.heldBytes(id);
    for (const id of [...this.recent]) {
      if (total <= this.limits.cacheLimit) break;
      if (id === keep) continue;
      total -= this.heldBytes(id);
      await this.saveSnapshot(id);
      this.dropUserCopies(id, ALL_COPIES);
      // Its next use reads the snapshot again (saved now, or already current), not every row.
      this.snapshotTried.delete(id);
    }
  }

  /** Removes the saved snapshots of some users (or all) and forgets what was saved. */
  private removeSnapshots(users: AffectedUsers): void {
    const dir = this.limits.snapshotDir;
    if (dir === undefined) return;
    if (users === 'all') {
      rmSync(dir, { recursive: true, force: true });
      this.snapshotState.clear();
      return;
    }
    for (const userId of users) {
      rmSync(snapshotFile(dir, userId), { force: true });
      this.snapshotState.delete(userId);
    }
  }

  private dropUserCopies(userId: string, effect: CopyEffect): void {
    if (effect === ALL_COPIES) this.recent.delete(userId);
    if (effect.has('graph')) this.graphs.delete(userId);
    if (effect.has('entityVectors')) this.vectors.delete(userId);
    if (effect.has('factVectors')) this.factVectors.delete(userId);
    if (effect.has('episodes')) this.episodeIndexes.delete(userId);
    if (!this.holds(userId)) this.recent.delete(userId);
  }

  /**
   * Loads what a user's snapshot holds when it was taken at the store's current generation: a big
   * user then opens in a fraction of the time reading it back row by row takes. Tried once per
   * user and process (again after an eviction). True when it loaded one.
   */
  private loadSnapshot(userId: string, generation: string | undefined): boolean {
    const dir = this.limits.snapshotDir;
    if (this.snapshotTried.has(userId) || !this.limits.graph || dir === undefined || generation === undefined)
      return false;
    this.snapshotTried.add(userId);
    const snapshot = readSnapshot(snapshotFile(dir, userId), userId, generation);
    if (!snapshot) return false;
    if (this.holds(userId) && this.heldAt.get(userId) !== generation) this.dropUserCopies(userId, ALL_COPIES);
    this.heldAt.set(userId, generation);
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
    this.touch(userId);
    return true;
  }

  /**
   * Saves one held user's snapshot when they are big enough and the saved one is missing, stale
   * or holds less: at close, and when the user's copies are evicted (so they come back from the
   * snapshot, not row by row, on next use). A snapshot holds everything a recall reads, so an
   * index this process never built (a writer's turn index, say) is read now, once.
   */
  private async saveSnapshot(userId: string): Promise<void> {
    const dir = this.limits.snapshotDir;
    if (this.limits.readOnly || dir === undefined) return;
    const graph = this.graphs.get(userId);
    const generation = this.heldAt.get(userId);
    if (!graph || graph.size < this.limits.snapshotMinSize || generation === undefined) return;
    const saved = this.snapshotState.get(userId);
    if (saved?.generation === generation && saved.ev && saved.fv && saved.ep) return;
    const version = this.versionOf(userId);
    const ev = this.vectors.get(userId) ?? (await this.readVectors(userId, 'entities'));
    const fv = this.factVectors.get(userId) ?? (await this.readVectors(userId, 'facts'));
    const ep = this.episodeIndexes.get(userId) ?? (await this.readEpisodeIndex(userId));
    // A write while the missing indexes were read: the snapshot would mix two generations.
    if (this.versionOf(userId) !== version || (await this.source.generation(userId)) !== generation) return;
    try {
      writeSnapshot(snapshotFile(dir, userId), {
        userId,
        generation,
        graph: graph.contents(),
        entityVectors: ev.toData(),
        factVectors: fv.toData(),
        episodes: ep.toData(),
      });
      this.snapshotState.set(userId, { generation, ev: true, fv: true, ep: true });
      // The saved snapshot may be loaded again in this process once the copies are dropped.
      this.snapshotTried.delete(userId);
    } catch {
      // best effort (see saveSnapshots)
    }
  }

  /** A user's turn index, read from the store. */
  private async readEpisodeIndex(userId: string): Promise<EpisodeIndex> {
    return episodeIndexOf(await this.source.episodes(userId), this.source.dimension());
  }

  /** A user's entity or fact vector index, read from the store. */
  private async readVectors(userId: string, of: 'entities' | 'facts'): Promise<UserVectorIndex> {
    return vectorIndexOf(await this.source.vectors(userId, of), this.source.dimension());
  }
}
