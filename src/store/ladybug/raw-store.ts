import type { Episode } from '../../model/types.js';
import type { TimeScope, WriteBatch } from '../base.js';
import { scanSearch } from '../cache/scan-search.js';
import { ALL_COPIES } from '../cache/write-effects.js';
import { fullObservations, storedObservations } from '../observations.js';
import { entityKeyId } from '../rows.js';
import { canCopy } from './bulk-copy.js';
import { LadybugConnection } from './connection.js';
import { LadybugConsole } from './console.js';
import { groupFacts, keyParams } from './params.js';
import { encodeVector } from './vector-codec.js';

// Up to this many rows, updates of existing facts run as single-row statements.
const SINGLE_ROW_LIMIT = 16;

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
    invalidateAll: () => this.commit('all', ALL_COPIES, () => {}),
    dropCopies: () => this.committed({ users: 'all', effect: ALL_COPIES }),
  });

  override async write(batch: WriteBatch): Promise<void> {
    this.commit([batch.userId], ALL_COPIES, () => this.writeBatchRows(batch), { batch });
  }

  /** The statements of one write batch, inside its commit. */
  private writeBatchRows(batch: WriteBatch): void {
    const { userId } = batch;
    this.run('user-merge', { userId, at: batch.at.toISOString() });
    const bulk = { userId, at: batch.at, entities: batch.entities, keys: batch.keys, facts: batch.facts };
    const copied = canCopy(bulk, this.options.copyThreshold);
    if (copied) this.copyBulk(bulk);
    else {
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
            // Passed as text and cast in the database: converting a JS number array element by
            // element through the driver is ~10x slower; 6 significant digits (float32 keeps ~7)
            // make the text, and its parsing, about 3x shorter.
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
          rows: batch.keys.map((k) => ({
            id: entityKeyId(userId, k.key),
            key: k.key,
            entityUid: k.entityUid,
          })),
        });
      }
    }
    if (batch.touches.length > 0) {
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
    if (!copied) {
      for (const group of groupFacts(batch.facts)) {
        const [first] = group;
        if (!first) continue;
        this.run('facts-create', {
          userId,
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
            vector: encodeVector(f.vector),
          })),
        });
      }
    }
    if (batch.episode) {
      const episodeUid = batch.episode.uid;
      const known = new Set(this.run('episode-mentioned', { userId, episodeUid }).map((r) => String(r.uid)));
      const entityUids = [...new Set(batch.episode.entityUids)].filter((uid) => !known.has(uid));
      if (entityUids.length > 0) this.run('episode-mentions-create', { userId, episodeUid, entityUids });
      this.run('episode-status', {
        userId,
        uid: batch.episode.uid,
        status: 'extracted',
        error: '',
        summary: batch.episode.summary,
      });
    }
    // After the creates, so a fact created and contradicted in one batch is closed too.
    // A few rows (the usual conversational write) go one by one as key lookups; many rows
    // (bulk loads) in one UNWIND statement.
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

  override async createEpisode(episode: Episode, vector?: ArrayLike<number>): Promise<void> {
    this.commit(
      [episode.userId],
      new Set(['episodes']),
      () => {
        this.run('user-merge', { userId: episode.userId, at: episode.at.toISOString() });
        this.run('episode-create', this.episodeCreateParams(episode, vector));
      },
      { episode: { episode, vector } },
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
