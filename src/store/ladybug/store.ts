import { episodeText } from '../../model/episode-text.js';
import type { Entity, Episode, Fact } from '../../model/types.js';
import type { FactTimelineRef, MissingVectors, TimeScope, WriteBatch } from '../base.js';
import { type NameMatch, rankNames } from '../name-search.js';
import { fullObservations, storedObservations } from '../observations.js';
import { entityFromRow, entityKeyId, episodeFromRow } from '../rows.js';
import { canCopy } from './bulk-copy.js';
import { LadybugConnection } from './connection.js';
import { LadybugConsole } from './console.js';
import { groupFacts, keyParams } from './params.js';
import { ladybugSearch } from './search.js';
import { encodeVector } from './vector-codec.js';
import { UserVectorIndex } from './vector-index.js';
import { ALL_COPIES } from './write-effects.js';

export {
  DEFAULT_BUFFER_POOL,
  DEFAULT_CACHE_LIMIT,
  type LadybugStoreOptions,
  MAX_GROWN_BUFFER_POOL,
} from './options.js';

// Up to this many rows, updates of existing facts run as single-row statements.
const SINGLE_ROW_LIMIT = 16;

/**
 * The embedded default backend: a LadybugDB database file, in process, no server. Statements
 * come from `cypher/ladybug/*.cypher`; every value is a query parameter. Queries run through
 * the driver's synchronous API: for the short, index-driven statements kgmem runs it is an
 * order of magnitude faster than the asynchronous one, and it makes each write batch atomic
 * with respect to the event loop.
 */
export class LadybugStore extends LadybugConnection {
  protected override readonly search = ladybugSearch(this.copies);
  protected override readonly console = new LadybugConsole({
    connection: () => this.connection(),
    invalidateAll: () => this.commit('all', ALL_COPIES, () => {}),
    dropCopies: () => this.copies.dropAllCopies(),
  });

  override async write(batch: WriteBatch): Promise<void> {
    this.commit(
      [batch.userId],
      ALL_COPIES,
      () => this.writeBatchRows(batch),
      () => this.applyToCopies(batch),
    );
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

  /** Brings the user's in-process copies in step with a committed write batch. */
  private applyToCopies(batch: WriteBatch): void {
    const { userId } = batch;
    const graph = this.copies.graphs.get(userId);
    if (graph?.size === 0) {
      // The user had nothing before this write (the copy is exact): their vector indexes start
      // empty and exact too, so a first bulk import leaves a complete snapshot on close.
      if (!this.copies.vectors.has(userId))
        this.copies.vectors.set(userId, new UserVectorIndex(this.dimension));
      if (!this.copies.factVectors.has(userId))
        this.copies.factVectors.set(userId, new UserVectorIndex(this.dimension));
    }
    const index = this.copies.vectors.get(userId);
    if (index) for (const e of batch.entities) index.add(e.uid, e.embedding);
    const vocabulary = this.copies.predicateVocabulary.get(userId);
    if (vocabulary) for (const f of batch.facts) vocabulary.add(f.key);
    graph?.apply(batch);
    const factIndex = this.copies.factVectors.get(userId);
    if (factIndex) for (const f of batch.facts) if (f.vector) factIndex.add(f.uid, f.vector);
  }

  override async createEpisode(episode: Episode, vector?: ArrayLike<number>): Promise<void> {
    this.commit(
      [episode.userId],
      new Set(['episodes']),
      () => {
        this.run('user-merge', { userId: episode.userId, at: episode.at.toISOString() });
        this.run('episode-create', this.episodeCreateParams(episode, vector));
      },
      () =>
        this.copies.episodeIndexes
          .get(episode.userId)
          ?.add(episode.uid, episodeText(episode.messages), vector, episode.threadId, episode.at),
    );
  }

  override async episodeNeighbours(
    userId: string,
    uids: readonly string[],
    window: number,
  ): Promise<Map<string, string[]>> {
    return this.copies.episodeIndex(userId).neighbours(uids, window);
  }

  override async missingVectors(userId: string, limit: number): Promise<MissingVectors> {
    const graph = this.copies.userGraph(userId);
    if (!graph) return super.missingVectors(userId, limit);
    // The fact index holds exactly the facts with a stored vector: the rest are missing, found
    // in process instead of by scanning every fact of the user in the database.
    const index = this.copies.factIndex(userId);
    const facts: MissingVectors['facts'] = [];
    // It holds facts of this graph only, so as many vectors as facts means none is missing.
    if (index.uidCount < graph.factCount)
      for (const fact of graph.allFacts()) {
        if (facts.length >= limit) break;
        if (!index.has(fact.uid))
          facts.push({ uid: fact.uid, subjectUid: fact.subjectUid, statement: fact.statement });
      }
    // The turn index, which recall reads anyway, says whether any turn lacks a vector.
    const episodes =
      this.copies.episodeIndex(userId).missingVectors === 0
        ? []
        : this.run('episodes-missing-vectors', { userId, limit }).map((r) => ({
            uid: String(r.uid),
            text: episodeText(episodeFromRow(r, userId).messages),
          }));
    return { episodes, facts };
  }

  override async factsByUids(userId: string, uids: readonly string[]): Promise<Fact[]> {
    if (uids.length === 0) return [];
    const graph = this.copies.userGraph(userId);
    return graph ? graph.factsByUids(uids) : super.factsByUids(userId, uids);
  }

  override async entitiesByKeys(userId: string, keys: readonly string[]): Promise<Map<string, Entity>> {
    const found = new Map<string, Entity>();
    if (keys.length === 0) return found;
    const graph = this.copies.userGraph(userId);
    if (graph) return graph.entitiesByKeys(keys);
    const ids = [...new Set(keys)].map((key) => entityKeyId(userId, key));
    for (const row of this.run('entities-by-keys', { userId, ids })) {
      found.set(String(row.lookupKey), entityFromRow(row, userId));
    }
    return found;
  }

  override async entitiesByUids(userId: string, uids: readonly string[]): Promise<Entity[]> {
    if (uids.length === 0) return [];
    const graph = this.copies.userGraph(userId);
    return graph ? graph.entitiesByUids(uids) : super.entitiesByUids(userId, uids);
  }

  override async factsFrom(
    userId: string,
    pairs: readonly { subjectUid: string; key: string }[],
  ): Promise<FactTimelineRef[]> {
    if (pairs.length === 0) return [];
    const graph = this.copies.userGraph(userId);
    return graph ? graph.factsFrom(pairs) : super.factsFrom(userId, pairs);
  }

  override async incidentFacts(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity?: number,
  ): Promise<Fact[]> {
    if (entityUids.length === 0 || keys?.length === 0) return [];
    const graph = this.copies.userGraph(userId);
    return graph
      ? graph.incidentFacts(entityUids, time, keys, maxPerEntity)
      : super.incidentFacts(userId, entityUids, time, keys, maxPerEntity);
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

  override async searchNames(userId: string, query: string, limit: number): Promise<NameMatch[]> {
    const graph = this.copies.userGraph(userId);
    if (!graph) return super.searchNames(userId, query, limit);
    const candidates = function* () {
      for (const e of graph.allEntities())
        yield { uid: e.uid, names: [e.name, ...e.aliases], mentions: e.mentions };
    };
    return rankNames(query, candidates(), limit);
  }

  override async predicateKeys(userId: string): Promise<string[]> {
    const graph = this.copies.userGraph(userId);
    if (graph) return graph.predicateKeys();
    let keys = this.copies.predicateVocabulary.get(userId);
    if (!keys) {
      keys = new Set(this.run('facts-predicate-keys', { userId }).map((r) => String(r.key)));
      this.copies.predicateVocabulary.set(userId, keys);
    }
    return [...keys];
  }
}
