import { episodeText } from '../model/episode-text.js';
import type { Episode, EpisodeStatus } from '../model/types.js';
import { DIMENSION_META_KEY, EMBEDDER_META_KEY, type EmbedderIdentity } from './embedder-identity.js';
import type {
  EntityRewrite,
  ForgetPlan,
  MissingVectors,
  PlannedWrite,
  PlanningReads,
  RestoreBatch,
  RestoreReads,
  Statement,
  StoredItem,
  VectorUpdate,
} from './records.js';
import { restoreStatements } from './restore-statements.js';
import { entityKeyId, episodeFromRow, storedItemFromRow } from './rows.js';
import { missingVectorsFromRows, setVectorStatements } from './vector-statements.js';

/** The record types of the store, where the port's users have always imported them from. */
export type * from './records.js';

import { GraphReads } from './graph-reads.js';

/**
 * The storage port. Every method is scoped to one user and costs in proportion to that user's
 * data; nothing read for one user ever includes another user's nodes or edges. Adapters:
 * `LadybugStore` (embedded, default) and the Neo4j adapter.
 *
 * What a backend must provide is {@link StorePort} (`port.ts`: eight members); the rest is
 * shared, built on its `runStatements` (named statements in one transaction): the reads in
 * `GraphReads` (`graph-reads.ts`), the writes, episodes, items and admin here. A backend
 * may override a shared method where its database does better (Neo4j plans its writes inside
 * the user's locked transaction). Any store can be wrapped in the cache (`cache/cached-store.ts`),
 * which serves the graph reads and searches from in-process copies.
 */
export abstract class GraphStore extends GraphReads {
  /**
   * Plans one write from what is stored and applies it atomically: `plan` reads through the
   * given reads and returns the batch. Here the plan reads the store and the batch is written in
   * its own transaction, which is right for the embedded store: one process holds it and the
   * memory queues its writes. The Neo4j adapter runs plan and batch in one transaction that first
   * locks the user, and runs `plan` again when the database asks for a retry (so `plan` must have
   * no effect outside what it returns).
   */
  async writePlanned<T>(
    _userId: string,
    plan: (reads: PlanningReads) => Promise<PlannedWrite<T>>,
  ): Promise<T> {
    const { batch, result } = await plan(this);
    if (batch) await this.write(batch);
    return result;
  }

  /**
   * How many triples one write transaction of this store takes at most, for vectors of
   * `dimension`: a memory writes a larger `addTriples` as consecutive transactions of at most
   * this many. Unbounded here (a server database's transactions are not held in a fixed pool).
   */
  triplesPerTransaction(_dimension: number): number {
    return Number.POSITIVE_INFINITY;
  }

  /**
   * Restores records of one user atomically: `plan` reads what the user holds and returns what to
   * write. Here it reads the store and the batch is written in one transaction (the embedded
   * store's single writer queues its writes); the Neo4j adapter plans and writes in one
   * transaction after locking the user.
   */
  async restore(userId: string, plan: (reads: RestoreReads) => Promise<RestoreBatch>): Promise<void> {
    const batch = await plan(this);
    await this.runStatements('write', this.restoreStatements(userId, batch));
  }

  /** The statements of a restore, in order (user, entities and keys, facts, closings, turns). */
  protected restoreStatements(userId: string, batch: RestoreBatch): Statement[] {
    return restoreStatements(userId, batch, {
      embedding: (vector) => this.encodeEmbedding(vector),
      vector: (vector) => this.encodeVector(vector),
      factsStatement: this.factsRestoreStatement,
      episodeRow: (episode, vector) => this.episodeRestoreRow(episode, vector),
    });
  }

  /**
   * The statement that creates restored facts with per-row times and provenance (a backend whose
   * `facts-create` already takes them per row uses that).
   */
  protected readonly factsRestoreStatement: string = 'facts-restore';

  /** One row of `episodes-restore` (a backend may store more, such as concepts). */
  protected episodeRestoreRow(
    episode: Episode,
    vector: ArrayLike<number> | undefined,
  ): Record<string, unknown> {
    const { userId: _, ...created } = this.episodeCreateParams(episode, vector);
    return {
      ...created,
      summary: episode.summary,
      status: episode.status,
      error: episode.error,
    };
  }

  /** Records the embedder the database's vectors now come from (on first open, and after `kgmem reembed`). */
  async recordEmbedder(identity: EmbedderIdentity): Promise<void> {
    await this.runStatements('write', [
      { name: 'meta-set', params: { key: EMBEDDER_META_KEY, value: JSON.stringify(identity) } },
      { name: 'meta-set', params: { key: DIMENSION_META_KEY, value: String(identity.dimension) } },
    ]);
  }

  /**
   * Makes room for vectors of `dimension` before `kgmem reembed`. Nothing here: a backend whose
   * indexes are sized by dimension (Neo4j's vector indexes, the embedded store's in-process
   * ones) rebuilds them.
   */
  async prepareReembedding(_dimension: number): Promise<void> {}

  /** Deletes one fact of a user; false when the user has no such fact. */
  async deleteFact(userId: string, factUid: string): Promise<boolean> {
    return Number((await this.writeRows('fact-delete', { userId, uid: factUid }))[0]?.deleted ?? 0) > 0;
  }

  /** Deletes one entity of a user with every fact touching it; false when absent. */
  async deleteEntity(userId: string, entityUid: string): Promise<boolean> {
    if (!(await this.entityByUid(userId, entityUid))) return false;
    await this.writeRows('entity-delete', { userId, uid: entityUid });
    return true;
  }

  /**
   * Forgets what `plan` names in one transaction: turns redacted or removed first, then facts,
   * then entities, so a crash leaves either all of it or none.
   */
  async forgetPlanned(userId: string, plan: ForgetPlan): Promise<void> {
    const statements: Statement[] = plan.redacted.map(({ episode, vector }) => ({
      name: 'episode-redact',
      params: this.episodeRedactParams(episode, vector),
    }));
    if (plan.removedTurns.length > 0)
      statements.push({ name: 'episodes-delete', params: { userId, uids: [...plan.removedTurns] } });
    statements.push(...this.factDeleteStatements(userId, plan.factUids));
    for (const uid of plan.entityUids) statements.push({ name: 'entity-delete', params: { userId, uid } });
    if (statements.length > 0) await this.runStatements('write', statements);
  }

  /**
   * Rewrites entities as a merge or a split plans it ({@link EntityRewrite}), in one transaction:
   * a crash leaves the entities as they were before, or as the plan leaves them.
   */
  async rewriteEntities(userId: string, plan: EntityRewrite): Promise<void> {
    const statements: Statement[] = this.factDeleteStatements(userId, plan.factUids);
    for (const uid of plan.entityUids) statements.push({ name: 'entity-delete', params: { userId, uid } });
    if (plan.deleteKeys.length > 0) {
      const ids = plan.deleteKeys.map((key) => entityKeyId(userId, key));
      statements.push({ name: 'entity-keys-delete', params: { userId, ids } });
    }
    if (plan.entityUpdates.length > 0) {
      const rows = plan.entityUpdates.map((u) => ({
        ...u,
        aliases: [...u.aliases],
        aliasText: u.aliases.join(' '),
      }));
      statements.push({ name: 'entities-set-record', params: { userId, rows } });
    }
    statements.push(...this.restoreStatements(userId, { ...plan.restore, episodes: [] }));
    if (plan.keys.length > 0) {
      const rows = plan.keys.map((k) => ({
        id: entityKeyId(userId, k.key),
        key: k.key,
        entityUid: k.entityUid,
      }));
      statements.push({ name: 'entity-keys-create', params: { userId, rows } });
    }
    if (plan.dropMentions.length > 0)
      statements.push({ name: 'episode-mentions-delete', params: { userId, rows: [...plan.dropMentions] } });
    if (plan.record)
      statements.push({
        name: 'items-put',
        params: { rows: [{ ...plan.record }], at: new Date().toISOString() },
      });
    await this.runStatements('write', statements);
  }

  /** The statements that delete facts (a backend that keeps their vectors apart deletes those too). */
  protected factDeleteStatements(userId: string, uids: readonly string[]): Statement[] {
    return uids.map((uid) => ({ name: 'fact-delete', params: { userId, uid } }));
  }

  /** The statements that delete what a user owns, before the user itself (`user-delete`). */
  protected userDeleteStatements(): string[] {
    return ['user-delete-keys', 'user-delete-entities', 'user-delete-episodes', 'user-delete-items'];
  }

  /** Deletes a user and everything they own; false when the user did not exist. */
  async deleteUser(userId: string): Promise<boolean> {
    if (!(await this.hasUser(userId))) return false;
    await this.runStatements(
      'write',
      [...this.userDeleteStatements(), 'user-delete'].map((name) => ({ name, params: { userId } })),
    );
    return true;
  }

  /** Forgets the embeddings of a user's episodes and facts (embedded again by {@link missingVectors}). */
  async clearVectors(userId: string): Promise<void> {
    await this.runStatements('write', [
      { name: 'episodes-clear-vectors', params: { userId } },
      { name: 'facts-clear-vectors', params: { userId } },
    ]);
  }

  /** Replaces the embeddings of some of a user's entities. */
  async setEntityEmbeddings(
    userId: string,
    rows: readonly { uid: string; embedding: ArrayLike<number> }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.writeRows('entities-set-embeddings', {
      userId,
      rows: rows.map((r) => ({ uid: r.uid, embedding: this.encodeEmbedding(r.embedding) })),
    });
  }

  /** How an entity embedding is passed to this backend's statements (Ladybug: list text; Neo4j: a list). */
  protected encodeEmbedding(vector: ArrayLike<number>): unknown {
    return Array.from(vector);
  }

  /** How a vector is passed to this backend's statements (Ladybug: base64 text; Neo4j: a list). */
  protected encodeVector(vector: ArrayLike<number> | undefined): unknown {
    return vector === undefined ? null : Array.from(vector);
  }

  /**
   * The statement of {@link missingVectors} that lists a user's facts with no statement embedding
   * (a backend that keeps embeddings apart from facts may list every fact and subtract).
   */
  protected readonly missingFactVectorsStatement: string = 'facts-missing-vectors';

  /** Up to `limit` episodes and facts of a user that have no embedding yet. */
  async missingVectors(userId: string, limit: number): Promise<MissingVectors> {
    const [episodes = [], facts = []] = await this.runStatements('read', [
      { name: 'episodes-missing-vectors', params: { userId, limit } },
      { name: this.missingFactVectorsStatement, params: { userId, limit } },
    ]);
    return missingVectorsFromRows(userId, episodes, facts);
  }

  /** Stores embeddings (and texts) of episodes and facts that lacked them, in one transaction. */
  async setVectors(userId: string, update: VectorUpdate): Promise<void> {
    const statements = setVectorStatements(userId, update, (vector) => this.encodeVector(vector));
    if (statements.length > 0) await this.runStatements('write', statements);
  }

  /**
   * Stores a new episode (status `pending`) with its searchable text and embedding; creates the
   * user if needed.
   */
  async createEpisode(episode: Episode, vector?: ArrayLike<number>): Promise<void> {
    await this.runStatements('write', [
      { name: 'user-merge', params: { userId: episode.userId, at: episode.at.toISOString() } },
      { name: 'episode-create', params: this.episodeCreateParams(episode, vector) },
    ]);
  }

  /** The parameters of `episode-create` for one turn (a backend may store more, such as concepts). */
  protected episodeCreateParams(episode: Episode, vector?: ArrayLike<number>): Record<string, unknown> {
    return {
      userId: episode.userId,
      uid: episode.uid,
      threadId: episode.threadId,
      messages: JSON.stringify(episode.messages),
      contentHash: episode.contentHash,
      at: episode.at.toISOString(),
      text: episodeText(episode.messages),
      vector: this.encodeVector(vector),
    };
  }

  /**
   * The parameters of `episode-redact`: those of `episode-create` (search terms included where a
   * backend stores them) but the time, which a redaction keeps, and the summary and error.
   */
  protected episodeRedactParams(episode: Episode, vector?: ArrayLike<number>): Record<string, unknown> {
    const { at: _, ...params } = this.episodeCreateParams(episode, vector);
    return { ...params, summary: episode.summary, error: episode.error };
  }

  /** A user's episodes: by uid, or filtered by status and thread; oldest first. */
  async episodes(
    userId: string,
    filter: { uids?: readonly string[]; status?: EpisodeStatus; threadId?: string; limit: number },
  ): Promise<Episode[]> {
    const rows = filter.uids
      ? await this.readRows('episodes-by-uids', { userId, uids: [...new Set(filter.uids)] })
      : await this.readRows('episodes-list', {
          userId,
          status: filter.status ?? '',
          threadId: filter.threadId ?? '',
          limit: filter.limit,
        });
    return rows.map((r) => episodeFromRow(r, userId));
  }

  /** Records the outcome of an extraction that wrote nothing (failed, or nothing to write). */
  async setEpisodeStatus(
    userId: string,
    uid: string,
    update: { status: EpisodeStatus; error: string; summary: string },
  ): Promise<void> {
    await this.writeRows('episode-status', { userId, uid, ...update });
  }

  /**
   * Writes LangGraph store items (insert or replace, keeping createdAt and seq) in one
   * transaction; creates their users if needed (unless `createUsers` is false: items of no user).
   */
  async putItems(
    items: readonly Omit<StoredItem, 'createdAt' | 'updatedAt'>[],
    at: Date,
    options: { createUsers?: boolean } = {},
  ): Promise<void> {
    if (items.length === 0) return;
    const iso = at.toISOString();
    const users = options.createUsers === false ? [] : [...new Set(items.map((i) => i.userId))];
    await this.runStatements('write', [
      ...users.map((userId) => ({
        name: 'user-merge',
        params: { userId, at: iso },
      })),
      { name: 'items-put', params: { rows: items.map((i) => ({ ...i })), at: iso } },
    ]);
  }

  /** Deletes store items by id; absent ids are ignored. */
  async deleteItems(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.writeRows('items-delete', { ids: [...ids] });
  }

  /** Store items by id (absent ones are missing from the result). */
  async itemsByIds(ids: readonly string[]): Promise<StoredItem[]> {
    if (ids.length === 0) return [];
    return (await this.readRows('items-by-ids', { ids: [...new Set(ids)] })).map(storedItemFromRow);
  }

  /** Store items whose namespace path starts with `prefix` (`""` = all), in insertion order. */
  async itemsUnder(prefix: string): Promise<StoredItem[]> {
    return (await this.readRows('items-under', { prefix })).map(storedItemFromRow);
  }

  /** The distinct namespace paths of all store items. */
  async itemPaths(): Promise<string[]> {
    return (await this.readRows('items-namespaces', {})).map((r) => String(r.path));
  }

  /** The highest store item sequence number, or 0. */
  async maxItemSeq(): Promise<number> {
    return Number((await this.readRows('items-max-seq', {}))[0]?.seq ?? 0);
  }
}
