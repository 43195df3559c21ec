import type { Entity, Fact } from '../model/types.js';
import { capPerEntity, MAX_INCIDENT_CAP } from './cap.js';
import { type NameMatch, rankNames } from './name-search.js';
import { StorePort } from './port.js';
import type {
  EpisodeSearchRow,
  FactEdge,
  FactFilter,
  FactTimelineRef,
  ScoredEntity,
  StoredVector,
  TimeScope,
  UserStats,
} from './records.js';
import { entityFromRow, entityKeyId, factFromRow, factTimelineFromRow } from './rows.js';

/**
 * The graph reads every backend shares, on named statements (`runStatements`): a user's facts
 * around entities (the walk), entities by key, uid or name, facts by uid, listings, the
 * predicate vocabulary, the turns around a hit, users and their counts. A backend overrides one
 * where its database does better (Neo4j: name search through Lucene, edges capped on the server).
 */
export abstract class GraphReads extends StorePort {
  /** Which entities each of a user's turns mentioned, by episode uid. */
  async episodeMentions(userId: string): Promise<Map<string, string[]>> {
    const mentions = new Map<string, string[]>();
    for (const row of await this.readRows('episode-mentions', { userId })) {
      const episode = String(row.episodeUid);
      const list = mentions.get(episode) ?? [];
      list.push(String(row.entityUid));
      mentions.set(episode, list);
    }
    return mentions;
  }

  /**
   * Facts touching any of the given entities, in either direction, within a time scope; only
   * the given predicate keys when `keys` is set; at most `maxPerEntity` per entity (a hub with
   * thousands of facts then costs no more than any other entity). Returned facts are shared
   * read-only records: copy before changing them.
   */
  async incidentFacts(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity?: number,
  ): Promise<Fact[]> {
    if (entityUids.length === 0 || keys?.length === 0) return [];
    const rows = await this.readRows(
      'facts-incident',
      this.incidentParams(userId, entityUids, time, keys, maxPerEntity),
    );
    // A fact between two of the given entities may come back from both of its ends.
    const facts = new Map<string, Fact>();
    for (const row of rows)
      if (!facts.has(String(row.uid))) facts.set(String(row.uid), factFromRow(row, userId));
    return capPerEntity([...facts.values()], entityUids, maxPerEntity);
  }

  /** The parameters of `facts-incident` (and `facts-incident-edges`) as this backend's statements take them. */
  protected incidentParams(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys: readonly string[] | undefined,
    maxPerEntity: number | undefined,
  ): Record<string, unknown> {
    return {
      userId,
      uids: [...new Set(entityUids)],
      anyKey: keys === undefined,
      keys: keys ? [...keys] : [],
      cap: maxPerEntity !== undefined && Number.isFinite(maxPerEntity) ? maxPerEntity : MAX_INCIDENT_CAP,
      ...this.timeParams(time),
    };
  }

  /**
   * For each given episode, the uids of the turns just before and after it in its thread
   * (`window` on each side): the conversation around a hit.
   */
  async episodeNeighbours(
    userId: string,
    uids: readonly string[],
    window: number,
  ): Promise<Map<string, string[]>> {
    if (uids.length === 0) return new Map();
    const rows = await this.readRows('episodes-neighbours', { userId, uids: [...uids], window });
    return new Map(
      rows.map((r) => [String(r.uid), Array.isArray(r.neighbours) ? r.neighbours.map(String) : []]),
    );
  }

  /**
   * What a walk needs of {@link incidentFacts}: the same facts, in the same per-entity cap, as
   * bare edges (uid, ends, predicate key). A backend that holds the user's facts in memory gives
   * them whole; a server backend sends only these fields, and the walk's caller loads the few
   * facts it ranks by uid ({@link factsByUids}).
   */
  incidentEdges(
    userId: string,
    entityUids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity?: number,
  ): Promise<FactEdge[]> {
    return this.incidentFacts(userId, entityUids, time, keys, maxPerEntity);
  }

  /** Entities of a user by lookup key (normalised name or alias); the map is keyed by lookup key. */
  async entitiesByKeys(userId: string, keys: readonly string[]): Promise<Map<string, Entity>> {
    const found = new Map<string, Entity>();
    if (keys.length === 0) return found;
    const ids = [...new Set(keys)].map((key) => entityKeyId(userId, key));
    for (const row of await this.readRows('entities-by-keys', { userId, ids })) {
      found.set(String(row.lookupKey), entityFromRow(row, userId));
    }
    return found;
  }

  /** The distinct predicate keys of a user's facts (the relations their memory uses). */
  async predicateKeys(userId: string): Promise<string[]> {
    return (await this.readRows('facts-predicate-keys', { userId })).map((r) => String(r.key));
  }

  /** A user's facts, filtered; ordered by validFrom. */
  async listFacts(userId: string, filter: FactFilter): Promise<Fact[]> {
    const rows = await this.readRows('facts-list', {
      userId,
      entityUid: filter.entityUid ?? '',
      key: filter.predicateKey ?? '',
      limit: filter.limit,
      ...this.timeParams(filter.time),
    });
    return rows.map((r) => factFromRow(r, userId));
  }

  /**
   * Every entity of a user, in no particular order: what resolution compares a new name's
   * variants with (a cache serves it from its copy). Shared read-only records.
   */
  async entitiesForResolution(userId: string): Promise<readonly Entity[]> {
    return this.listEntities(userId, Number.MAX_SAFE_INTEGER);
  }

  /** A user's entities, most mentioned first. */
  async listEntities(userId: string, limit: number): Promise<Entity[]> {
    return (await this.readRows('entities-list', { userId, limit })).map((r) => entityFromRow(r, userId));
  }

  /**
   * Every stored vector of a user's entities or of their facts' statements (what a cache's
   * exact-cosine indexes hold); rows without one are left out.
   */
  async storedVectors(userId: string, of: 'entities' | 'facts'): Promise<StoredVector[]> {
    const rows =
      of === 'entities'
        ? await this.readRows('entity-embeddings', { userId })
        : await this.readRows('fact-vectors', { userId });
    return rows.flatMap((row) => {
      const vector = this.decodeStoredVector(row.vector);
      return vector ? [{ uid: String(row.uid), vector }] : [];
    });
  }

  /** A user's stored turns as a turn index takes them: text, vector, thread and time. */
  async episodeSearchRows(userId: string): Promise<EpisodeSearchRow[]> {
    return (await this.readRows('episodes-search-rows', { userId })).map((row) => ({
      uid: String(row.uid),
      text: String(row.text ?? ''),
      vector: this.decodeStoredVector(row.vector),
      threadId: String(row.threadId ?? ''),
      at: row.at instanceof Date ? row.at : new Date(typeof row.at === 'number' ? row.at : String(row.at)),
    }));
  }

  /** A vector as this backend's statements return it (a list here), or undefined for none. */
  protected decodeStoredVector(value: unknown): Float32Array | undefined {
    return Array.isArray(value) && value.length > 0 ? Float32Array.from(value as number[]) : undefined;
  }

  /** A time scope as this backend's statements take it (`mode`, and `asOf` as a date). */
  protected timeParams(time: TimeScope): Record<string, unknown> {
    return { mode: time.mode, asOf: time.mode === 'asOf' ? time.asOf : new Date(0) };
  }

  /** Entities of a user by uid; uids of other users are silently absent. */
  async entitiesByUids(userId: string, uids: readonly string[]): Promise<Entity[]> {
    if (uids.length === 0) return [];
    const rows = await this.readRows('entities-by-uids', { userId, uids: [...new Set(uids)] });
    return rows.map((r) => entityFromRow(r, userId));
  }

  /**
   * Facts, current and closed, leaving the given subjects with the given predicate keys, as lean
   * timeline references (what the temporal rules of the write path need).
   */
  async factsFrom(
    userId: string,
    pairs: readonly { subjectUid: string; key: string }[],
  ): Promise<FactTimelineRef[]> {
    if (pairs.length === 0) return [];
    return (await this.readRows('facts-from', { userId, pairs: [...pairs] })).map(factTimelineFromRow);
  }

  /** One fact of a user by uid, current or closed; `undefined` for an unknown or another user's uid. */
  async factByUid(userId: string, uid: string): Promise<Fact | undefined> {
    const row = (await this.readRows('fact-by-uid', { userId, uid }))[0];
    return row ? factFromRow(row, userId) : undefined;
  }

  /** Every user id, sorted. */
  async users(): Promise<string[]> {
    return (await this.readRows('users-list', {})).map((r) => String(r.id));
  }

  /** Whether the user exists. */
  async hasUser(userId: string): Promise<boolean> {
    return (await this.readRows('user-exists', { userId })).length > 0;
  }

  /** A user's sizes. */
  async stats(userId: string): Promise<UserStats> {
    const row = (await this.readRows('user-stats', { userId }))[0];
    return {
      entities: Number(row?.entities ?? 0),
      facts: Number(row?.facts ?? 0),
      currentFacts: Number(row?.currentFacts ?? 0),
    };
  }

  /** Facts of a user by uid, any validity; uids of other users are silently absent. */
  async factsByUids(userId: string, uids: readonly string[]): Promise<Fact[]> {
    if (uids.length === 0) return [];
    const rows = await this.readRows('facts-by-uids', { userId, uids: [...new Set(uids)] });
    return rows.map((r) => factFromRow(r, userId));
  }

  /**
   * Entities whose names match words of a text through a full-text index, best first, scores in
   * [0, 1]. Backends without one return nothing (linking then relies on key lookups).
   */
  async nameMatches(_userId: string, _text: string, _k: number): Promise<ScoredEntity[]> {
    return [];
  }

  /**
   * A user's entities whose name or an alias matches a search as it is typed: exact, prefix,
   * word starts or near spellings (see `rankNames`), best first. Here over every entity of the
   * user; backends with a name index narrow the candidates first.
   */
  async searchNames(userId: string, query: string, limit: number): Promise<NameMatch[]> {
    const entities = await this.listEntities(userId, Number.MAX_SAFE_INTEGER);
    return rankNames(
      query,
      entities.map((e) => ({ uid: e.uid, names: [e.name, ...e.aliases], mentions: e.mentions })),
      limit,
    );
  }

  /** One entity of a user by lookup key, or `undefined`. */
  async entityByKey(userId: string, key: string): Promise<Entity | undefined> {
    return (await this.entitiesByKeys(userId, [key])).get(key);
  }

  /** One entity of a user by uid, or `undefined`. */
  async entityByUid(userId: string, uid: string): Promise<Entity | undefined> {
    return (await this.entitiesByUids(userId, [uid]))[0];
  }
}
