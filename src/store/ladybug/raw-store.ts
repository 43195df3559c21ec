import type { Episode } from '../../model/types.js';
import type { MissingVectors, RestoreBatch, Statement, TimeScope, WriteBatch } from '../base.js';
import { scanSearch } from '../cache/scan-search.js';
import { ALL_COPIES } from '../cache/write-effects.js';
import { fullObservations, storedObservations } from '../observations.js';
import { entityKeyId, factVectorId } from '../rows.js';
import { missingVectorsFromRows } from '../vector-statements.js';
import { LadybugConnection } from './connection.js';
import { LadybugConsole } from './console.js';
import { groupFacts, keyParams } from './params.js';
import { encodeVector } from './vector-codec.js';

// Up to this many rows, updates of existing facts run as single-row statements.
const SINGLE_ROW_LIMIT = 16;
// Rows per fact-vectors-create statement of a restore (as its other statements are cut).
const RESTORE_VECTOR_ROWS = 5000;

/** The FactVector rows of new facts that have an embedding. */
function factVectorRows(userId: string, facts: readonly { uid: string; vector?: ArrayLike<number> }[]) {
  return facts.flatMap((f) => {
    const vector = encodeVector(f.vector);
    return vector === '' ? [] : [{ id: factVectorId(userId, f.uid), uid: f.uid, vector }];
  });
}

/**
 * The embedded default backend, uncached: a LadybugDB database file, in process, no server (a
 * memory uses it wrapped in its cache: {@link LadybugStore}). Statements
 * come from `cypher/ladybug/*.cypher`; every value is a query parameter. Queries run through
 * the driver's synchronous API: for the short, index-driven statements kgmem runs it is an
 * order of magnitude faster than the asynchronous one, and it makes each write batch atomic
 * with respect to the event loop.
 */
export class RawLadybugStore extends LadybugConnection {
  protected override readonly search = scanSearch({
    vectors: (userId, of) => this.storedVectors(userId, of),
    episodes: (userId) => this.episodeSearchRows(userId),
    dimension: () => this.dimension,
  });
  protected override readonly console = new LadybugConsole({
    connection: () => this.connection(),
    busy: () => this.busy(),
    invalidateAll: () => this.commit('all', ALL_COPIES, () => {}),
    dropCopies: () => this.committed({ users: 'all', effect: ALL_COPIES }),
    checkpoint: () => this.checkpoint(),
  });

  override async write(batch: WriteBatch): Promise<void> {
    await this.growing(() =>
      this.commit([batch.userId], ALL_COPIES, () => this.writeBatchRows(batch), { batch }),
    );
  }

  /** The statements of one write batch, inside its commit. */
  private writeBatchRows(batch: WriteBatch): void {
    this.run('user-merge', { userId: batch.userId, at: batch.at.toISOString() });
    this.createEntities(batch);
    this.touchEntities(batch);
    this.createFacts(batch);
    if (batch.episode) this.linkEpisode(batch.userId, batch.episode);
    // After the creates, so a fact created and contradicted in one batch is closed too.
    this.updateFacts(batch);
    if (batch.records?.length)
      this.run('items-put', { rows: batch.records.map((r) => ({ ...r })), at: batch.at.toISOString() });
  }

  /** New entities with their lookup keys, and new keys of existing entities. */
  private createEntities(batch: WriteBatch): void {
    const { userId } = batch;
    if (batch.entities.length > 0) {
      this.run('entities-create', {
        userId,
        at: batch.at.toISOString(),
        rows: batch.entities.map((e) => ({
          uid: e.uid,
          key: e.key,
          name: e.name,
          type: e.type,
          summary: e.summary,
          // Passed as text and decoded by kgmem: converting a JS number array element by
          // element through the driver is ~10x slower (vector-codec.ts).
          embedding: encodeVector(e.embedding),
          mentions: e.mentions,
        })),
      });
      const extraAliases = batch.entities.filter((e) => e.aliases.length !== 1 || e.aliases[0] !== e.key);
      if (extraAliases.length > 0) {
        this.run('entities-set-aliases', {
          userId,
          rows: extraAliases.map((e) => ({ uid: e.uid, aliases: e.aliases })),
        });
      }
      this.run('entity-keys-create', {
        userId,
        rows: batch.entities.flatMap((e) =>
          e.aliases.map((key) => ({ id: entityKeyId(userId, key), key, entityUid: e.uid })),
        ),
      });
    }
    if (batch.keys.length > 0) {
      this.run('entity-keys-create', {
        userId,
        rows: batch.keys.map((k) => ({ id: entityKeyId(userId, k.key), key: k.key, entityUid: k.entityUid })),
      });
    }
  }

  /** Mentions, types and aliases of existing entities the batch names again. */
  private touchEntities(batch: WriteBatch): void {
    if (batch.touches.length === 0) return;
    const { userId } = batch;
    this.run('entities-touch', {
      userId,
      at: batch.at.toISOString(),
      rows: batch.touches.map((t) => ({ uid: t.uid, mentions: t.mentions, type: t.type })),
    });
    const renamed = batch.touches.filter((t) => t.aliasesChanged);
    if (renamed.length > 0) {
      this.run('entities-set-aliases', {
        userId,
        rows: renamed.map((t) => ({ uid: t.uid, aliases: t.aliases })),
      });
    }
  }

  private createFacts(batch: WriteBatch): void {
    for (const group of groupFacts(batch.facts)) {
      const [first] = group;
      if (!first) continue;
      this.run('facts-create', {
        userId: batch.userId,
        validFrom: first.validFrom.toISOString(),
        createdAt: first.createdAt.toISOString(),
        episodeIds: first.episodeIds,
        rows: group.map((f) => ({
          uid: f.uid,
          subjectUid: f.subjectUid,
          objectUid: f.objectUid,
          predicate: f.predicate,
          key: f.key,
          statement: f.statement,
          confidence: f.confidence,
          mentions: f.mentions,
          ...storedObservations(f),
        })),
      });
    }
    const vectors = factVectorRows(batch.userId, batch.facts);
    if (vectors.length > 0) this.run('fact-vectors-create', { userId: batch.userId, rows: vectors });
  }

  /** The turn a batch was extracted from: the entities it mentions, and its status. */
  private linkEpisode(userId: string, episode: NonNullable<WriteBatch['episode']>): void {
    const episodeUid = episode.uid;
    const known = new Set(this.run('episode-mentioned', { userId, episodeUid }).map((r) => String(r.uid)));
    const entityUids = [...new Set(episode.entityUids)].filter((uid) => !known.has(uid));
    if (entityUids.length > 0) this.run('episode-mentions-create', { userId, episodeUid, entityUids });
    this.run('episode-status', {
      userId,
      uid: episode.uid,
      status: 'extracted',
      error: '',
      summary: episode.summary,
    });
  }

  /**
   * Facts said again, closed, and moved in time. A few rows (the usual conversational write) go
   * one by one as key lookups; many rows (bulk loads) in one UNWIND statement.
   */
  private updateFacts(batch: WriteBatch): void {
    const { userId } = batch;
    const mentions = batch.mentions.map((m) => ({ ...m, ...fullObservations(m) }));
    if (mentions.length > SINGLE_ROW_LIMIT) this.run('facts-mention', { userId, rows: mentions });
    else for (const m of mentions) this.run('facts-mention-one', { userId, ...m });
    const invalidations = batch.invalidations.map((i) => ({ ...i, validTo: i.validTo.toISOString() }));
    if (invalidations.length > SINGLE_ROW_LIMIT)
      this.run('facts-invalidate', { userId, rows: invalidations });
    else for (const i of invalidations) this.run('facts-invalidate-one', { userId, ...i });
    for (const move of batch.validFrom) {
      this.run('facts-set-valid-from', {
        userId,
        uid: move.uid,
        subjectUid: move.subjectUid,
        validFrom: move.validFrom.toISOString(),
      });
    }
  }

  protected override userDeleteStatements(): string[] {
    return ['user-delete-fact-vectors', ...super.userDeleteStatements()];
  }

  /** A restore writes its facts' embeddings as FactVector nodes (see fact-vectors-create.cypher). */
  protected override restoreStatements(userId: string, batch: RestoreBatch): Statement[] {
    const statements = super.restoreStatements(userId, batch);
    const vectors = factVectorRows(userId, batch.facts);
    for (let start = 0; start < vectors.length; start += RESTORE_VECTOR_ROWS)
      statements.push({
        name: 'fact-vectors-create',
        params: { userId, rows: vectors.slice(start, start + RESTORE_VECTOR_ROWS) },
      });
    return statements;
  }

  /** Facts and their FactVector nodes. */
  protected override factDeleteStatements(userId: string, uids: readonly string[]): Statement[] {
    if (uids.length === 0) return [];
    return [
      ...super.factDeleteStatements(userId, uids),
      { name: 'fact-vectors-delete', params: { userId, ids: uids.map((uid) => factVectorId(userId, uid)) } },
    ];
  }

  override async deleteFact(userId: string, factUid: string): Promise<boolean> {
    const [deleted] = await this.runStatements('write', [
      { name: 'fact-delete', params: { userId, uid: factUid } },
      { name: 'fact-vectors-delete', params: { userId, ids: [factVectorId(userId, factUid)] } },
    ]);
    return Number(deleted?.[0]?.deleted ?? 0) > 0;
  }

  override async deleteEntity(userId: string, entityUid: string): Promise<boolean> {
    if (!(await this.entityByUid(userId, entityUid))) return false;
    const uids = (await this.readRows('entity-fact-uids', { userId, uid: entityUid })).map((r) =>
      String(r.uid),
    );
    await this.runStatements('write', [
      ...(uids.length > 0
        ? [
            {
              name: 'fact-vectors-delete',
              params: { userId, ids: uids.map((uid) => factVectorId(userId, uid)) },
            },
          ]
        : []),
      { name: 'entity-delete', params: { userId, uid: entityUid } },
    ]);
    return true;
  }

  /** Every fact of the user: {@link missingVectors} subtracts those with a FactVector node. */
  protected override readonly missingFactVectorsStatement = 'facts-of-user';

  /** Facts with no embedding: the user's facts less those with a FactVector node. */
  override async missingVectors(userId: string, limit: number): Promise<MissingVectors> {
    const [episodes = [], facts = [], withVector = []] = await this.runStatements('read', [
      { name: 'episodes-missing-vectors', params: { userId, limit } },
      { name: this.missingFactVectorsStatement, params: { userId } },
      { name: 'fact-vector-uids', params: { userId } },
    ]);
    const known = new Set(withVector.map((r) => String(r.uid)));
    const missing = facts.filter((r) => !known.has(String(r.uid))).slice(0, limit);
    return missingVectorsFromRows(userId, episodes, missing);
  }

  override async createEpisode(episode: Episode, vector?: ArrayLike<number>): Promise<void> {
    await this.growing(() =>
      this.commit(
        [episode.userId],
        new Set(['episodes']),
        () => {
          this.run('user-merge', { userId: episode.userId, at: episode.at.toISOString() });
          this.run('episode-create', this.episodeCreateParams(episode, vector));
        },
        { episode: { episode, vector } },
      ),
    );
  }

  /** `facts-incident` on LadybugDB: keys as a list that is never empty, times as ISO text, no cap (applied after). */
  protected override incidentParams(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys: readonly string[] | undefined,
  ): Record<string, unknown> {
    return { userId, uids: [...new Set(entityUids)], ...keyParams(keys), ...this.timeParams(time) };
  }
}
