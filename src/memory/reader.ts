import { InvalidInputError } from '../model/errors.js';
import { entityKeyOf, isSelfReference, normalizePredicate, tokenize } from '../model/normalize.js';
import type {
  Entity,
  EntityDetails,
  Episode,
  Fact,
  GraphPath,
  GraphView,
  RecallResult,
} from '../model/types.js';
import { checkDate, checkText, checkUserId } from '../model/validate.js';
import { profileText } from '../profile/format.js';
import type { UserStats } from '../store/base.js';
import type { EpisodeFilter, FoundEntity } from './api.js';
import { checkInteger, timeScope } from './checks.js';
import { MemoryPart } from './context.js';
import { describeEntity, exploreGraph, findPath, resolveEntityRef } from './explore.js';
import { buildGraphView } from './graph-view.js';
import type { FactsQuery, GraphOptions, RecallInput } from './inputs.js';
import { ENTITY_SEARCH_MIN_SIMILARITY, MAX_LIMIT } from './inputs.js';
import { readProfile } from './profiles.js';

/** Share of a recall's context budget the profile line may take. */
const PROFILE_SHARE = 0.3;

/** Whether a question is about the user: it says "I", "me", "my" or "mine". */
function mentionsUser(query: string): boolean {
  return tokenize(query).some(isSelfReference);
}

/**
 * The read side of a memory: recall, listings, the graph and its searches. Nothing here writes
 * but the first recall's migration of older data, which waits for the write lock.
 * Each method is the one of {@link Memory} of that name, where it is documented.
 *
 * @internal
 */
export class MemoryReader extends MemoryPart {
  async listEpisodes(userId: string, filter: EpisodeFilter = {}): Promise<Episode[]> {
    const user = checkUserId(userId, 'Memory.listEpisodes');
    return this.store.episodes(user, { ...filter, limit: filter.limit ?? 100_000 });
  }

  async recall(input: RecallInput): Promise<RecallResult> {
    const where = 'Memory.recall';
    if (typeof input !== 'object' || input === null)
      throw new InvalidInputError(`${where}: expected {userId, query}`);
    const userId = checkUserId(input.userId, where);
    const query = checkText(input.query, 'query', where);
    const limit = checkInteger(input.limit ?? 10, 'limit', 1, MAX_LIMIT, where);
    const hops = input.hops === undefined ? undefined : checkInteger(input.hops, 'hops', 1, 3, where);
    const maxChars = checkInteger(input.maxChars ?? this.options.contextChars, 'maxChars', 0, 100_000, where);
    const asOf = input.asOf === undefined ? undefined : checkDate(input.asOf, 'asOf', where);
    // Only the first recall of a user waits for the write queue (to migrate older data).
    if (this.vectors.needsMigration(userId)) await this.lock.run(() => this.vectors.migrate(userId));
    // The profile's reads and the recall's as one group (a cached store checks the user once).
    return this.store.readScope(userId, async () => {
      // A question about the user starts its context with the profile, within the same budget.
      const about =
        input.profile !== false && mentionsUser(query)
          ? profileText(
              await readProfile(
                this.store,
                userId,
                this.options.profileSchema,
                asOf ? { mode: 'asOf', asOf } : { mode: 'current' },
              ),
              Math.floor(maxChars * PROFILE_SHARE),
            )
          : '';
      const result = await this.retriever.recall({
        userId,
        query,
        limit,
        ...(hops ? { hops } : {}),
        includeHistory: input.includeHistory ?? false,
        maxChars: about ? maxChars - about.length - 1 : maxChars,
        ...(asOf ? { asOf } : {}),
        ...(input.explain === true ? { explain: true } : {}),
      });
      return about ? { ...result, context: result.context ? `${about}\n${result.context}` : about } : result;
    });
  }

  async facts(userId: string, query: FactsQuery = {}): Promise<Fact[]> {
    const where = 'Memory.facts';
    const user = checkUserId(userId, where);
    const limit = checkInteger(query.limit ?? MAX_LIMIT, 'limit', 1, 1_000_000, where);
    let entityUid: string | undefined;
    if (query.entity !== undefined) {
      const name = checkText(query.entity, 'entity', where);
      const entity = await this.store.entityByKey(user, entityKeyOf(name));
      if (!entity) return [];
      entityUid = entity.uid;
    }
    return this.store.listFacts(user, {
      limit,
      time: timeScope(query.includeHistory, query.asOf, where),
      ...(entityUid ? { entityUid } : {}),
      ...(query.predicate !== undefined
        ? { predicateKey: normalizePredicate(checkText(query.predicate, 'predicate', where)) }
        : {}),
    });
  }

  async entities(userId: string, options: { limit?: number } = {}): Promise<Entity[]> {
    const where = 'Memory.entities';
    return this.store.listEntities(
      checkUserId(userId, where),
      checkInteger(options.limit ?? 100_000, 'limit', 1, 10_000_000, where),
    );
  }

  async graph(userId: string, options: GraphOptions = {}): Promise<GraphView> {
    const where = 'Memory.graph';
    const user = checkUserId(userId, where);
    const limit = checkInteger(options.limit ?? 5000, 'limit', 1, 1_000_000, where);
    const hops = checkInteger(options.hops ?? 1, 'hops', 1, 3, where);
    const time = timeScope(options.includeHistory, options.asOf, where);
    const around =
      options.around === undefined
        ? undefined
        : await resolveEntityRef(this.store, user, checkText(options.around, 'around', where));
    return exploreGraph(this.store, user, {
      time,
      limit,
      hops,
      ...(around ? { aroundUid: around.uid } : {}),
      ...(options.predicates
        ? {
            predicateKeys: new Set(
              options.predicates.map((p) => normalizePredicate(checkText(p, 'predicate', where))),
            ),
          }
        : {}),
      ...(options.types ? { types: new Set(options.types.map((t) => checkText(t, 'type', where))) } : {}),
    });
  }

  async entity(userId: string, ref: string, options: { factLimit?: number } = {}): Promise<EntityDetails> {
    const where = 'Memory.entity';
    const user = checkUserId(userId, where);
    const entity = await resolveEntityRef(this.store, user, checkText(ref, 'entity', where));
    const factLimit = checkInteger(options.factLimit ?? 500, 'factLimit', 1, 100_000, where);
    return describeEntity(this.store, user, entity, factLimit);
  }

  async path(
    userId: string,
    from: string,
    to: string,
    options: { asOf?: Date | string; maxHops?: number } = {},
  ): Promise<GraphPath | null> {
    const where = 'Memory.path';
    const user = checkUserId(userId, where);
    const start = await resolveEntityRef(this.store, user, checkText(from, 'from', where));
    const end = await resolveEntityRef(this.store, user, checkText(to, 'to', where));
    const maxHops = checkInteger(options.maxHops ?? 6, 'maxHops', 1, 10, where);
    return findPath(this.store, user, start, end, timeScope(false, options.asOf, where), maxHops);
  }

  async users(): Promise<string[]> {
    return this.store.users();
  }

  async hasUser(userId: string): Promise<boolean> {
    return this.store.hasUser(checkUserId(userId, 'Memory.hasUser'));
  }

  async stats(userId: string): Promise<UserStats> {
    return this.store.stats(checkUserId(userId, 'Memory.stats'));
  }

  async predicates(userId: string): Promise<string[]> {
    return [...(await this.store.predicateKeys(checkUserId(userId, 'Memory.predicates')))].sort();
  }

  async searchEntities(
    userId: string,
    query: string,
    options: { limit?: number } = {},
  ): Promise<(Entity & { score: number })[]> {
    const where = 'Memory.searchEntities';
    const user = checkUserId(userId, where);
    const text = checkText(query, 'query', where);
    const limit = checkInteger(options.limit ?? 10, 'limit', 1, MAX_LIMIT, where);
    const [byName, vector] = await Promise.all([
      this.store.nameMatches(user, text, limit),
      this.embedder.embeddings.embedQuery(text),
    ]);
    const bySimilarity = await this.store.similarEntities(user, vector, limit, ENTITY_SEARCH_MIN_SIMILARITY);
    const best = new Map<string, number>();
    const exact = await this.store.entityByKey(user, entityKeyOf(text));
    if (exact) best.set(exact.uid, 1);
    for (const { uid, score } of [...byName, ...bySimilarity])
      best.set(uid, Math.max(best.get(uid) ?? 0, score));
    const ranked = [...best.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
    const entities = new Map(
      (
        await this.store.entitiesByUids(
          user,
          ranked.map(([uid]) => uid),
        )
      ).map((e) => [e.uid, e]),
    );
    return ranked.flatMap(([uid, score]) => {
      const entity = entities.get(uid);
      return entity ? [{ ...entity, score }] : [];
    });
  }

  async subgraph(userId: string, uids: readonly string[]): Promise<GraphView> {
    const where = 'Memory.subgraph';
    const user = checkUserId(userId, where);
    if (!Array.isArray(uids)) throw new InvalidInputError(`${where}: uids must be an array`);
    const wanted = [...new Set(uids.map((uid, i) => checkText(uid, `uids[${i}]`, where)))];
    const facts = await this.store.factsByUids(user, wanted);
    const entityUids = new Set(wanted);
    for (const fact of facts) {
      entityUids.add(fact.subjectUid);
      entityUids.add(fact.objectUid);
    }
    const entities = await this.store.entitiesByUids(user, [...entityUids]);
    return buildGraphView(user, entities, facts, { asOf: null, truncated: false });
  }

  async findEntities(
    userId: string,
    query: string,
    options: { limit?: number } = {},
  ): Promise<FoundEntity[]> {
    const where = 'Memory.findEntities';
    const user = checkUserId(userId, where);
    const text = checkText(query, 'query', where);
    const limit = checkInteger(options.limit ?? 12, 'limit', 1, MAX_LIMIT, where);
    const matches = await this.store.searchNames(user, text, limit);
    const entities = new Map(
      (
        await this.store.entitiesByUids(
          user,
          matches.map((m) => m.uid),
        )
      ).map((e) => [e.uid, e]),
    );
    return matches.flatMap((m) => {
      const entity = entities.get(m.uid);
      return entity ? [{ ...entity, score: m.score, kind: m.kind, matched: m.matched }] : [];
    });
  }
}
