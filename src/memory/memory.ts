import type { ResolvedEmbedder } from '../embed/base.js';
import { embeddingsForWrite } from '../embed/prefetched.js';
import type { Extractor } from '../extract/base.js';
import { QueryExpander } from '../lexicon/expansion.js';
import { relationLexicon } from '../lexicon/resolve.js';
import { InvalidInputError, NotFoundError } from '../model/errors.js';
import { SURFACE_CAPS } from '../model/limits.js';
import { entityKeyOf, normalizePredicate, USER_ENTITY_KEY } from '../model/normalize.js';
import { factStatement } from '../model/statement.js';
import { type CheckedTriple, checkTriple, type KnowledgeTriple, type Triple } from '../model/triple.js';
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
import { fusionFields, SEMANTIC_FUSION } from '../retrieve/evidence.js';
import { Retriever } from '../retrieve/recall.js';
import type {
  CypherOptions,
  CypherResult,
  FactRef,
  GraphStore,
  PlanningReads,
  TimeScope,
  UserStats,
  WriteBatch,
} from '../store/base.js';
import { type CypherExample, cypherExamples } from '../store/explore-queries.js';
import type { ReadVerdict } from '../store/read-policy/policy.js';
import { KGMEM_VERSION } from '../version.js';
import type { EpisodeFilter, FoundEntity, MemoryApi, MemoryDescription } from './api.js';
import { EntityResolver, mentionName } from './entity-resolver.js';
import { EpisodeProcessor, type RememberInput, type RememberResult } from './episodes.js';
import { describeEntity, exploreGraph, findPath, resolveEntityRef } from './explore.js';
import { exportUser } from './export.js';
import type { ExportDocument, ImportSummary } from './export-format.js';
import { planFacts, type ResolvedTriple } from './fact-planner.js';
import { buildGraphView } from './graph-view.js';
import type { ResolvedMemoryOptions } from './options.js';
import { SearchVectors } from './search-vectors.js';
import { WriteLock } from './write-lock.js';

/** What `Memory.reembed` embedded again for one user. */
export interface ReembedCounts {
  entities: number;
  facts: number;
  episodes: number;
}

// Entity names embedded per request by `reembed`.
const REEMBED_BATCH = 1000;

/** Options of {@link Memory.addTriples}. */
export interface AddTriplesOptions {
  /**
   * Provenance recorded on each fact (an episode uid, a file name, a tool name).
   * @default "api"
   */
  source?: string;
  /**
   * When the facts became true.
   * @default now
   */
  at?: Date | string;
  /**
   * Merge unknown names into similar existing entities. Bulk imports turn it off.
   * @default true
   */
  similarityMerge?: boolean;
}

/** What {@link Memory.addTriples} changed. */
export interface AddTriplesResult {
  /** New fact edges. */
  added: number;
  /** Current facts said again (mention counted, no new edge). */
  updated: number;
  /** Previous facts closed by a contradicting new one. */
  invalidated: number;
  /** New entity nodes. */
  entitiesCreated: number;
  /** For each input triple, the uid of the fact holding it. */
  factUids: string[];
}

/** A recall request. */
export interface RecallInput {
  userId: string;
  /** The question or message to recall for. */
  query: string;
  /** @default 10 */
  limit?: number;
  /**
   * Graph hops from the entities found in the query, 1–3.
   * @default inferred from the question: how many relations it names (2 when it names none)
   */
  hops?: number;
  /** Recall what was true at this time instead of now. */
  asOf?: Date | string;
  /** Include closed (contradicted) facts. @default false */
  includeHistory?: boolean;
  /** Character budget of `context`. @default the memory's `contextChars` (900) */
  maxChars?: number;
}

/** Filter of {@link Memory.facts}. */
export interface FactsQuery {
  /** Only facts touching this entity (a name, "I"/"me" for the user). */
  entity?: string;
  /** Only this predicate (normalised: "lives in" = "lives_in"). */
  predicate?: string;
  /** Include closed facts. @default false */
  includeHistory?: boolean;
  /** Facts valid at this time. */
  asOf?: Date | string;
  /** @default 1000 */
  limit?: number;
}

/** Options of {@link Memory.graph}. */
export interface GraphOptions {
  /** The graph as it was at this time. */
  asOf?: Date | string;
  /** Include closed facts (drawn as history by the viewer). @default false */
  includeHistory?: boolean;
  /** Most entities in the view. @default 5000 */
  limit?: number;
  /** Grow the view from this entity (uid or name) instead of taking the most mentioned. */
  around?: string;
  /** Hops from `around`, 1–3. @default 1 */
  hops?: number;
  /** Only facts with these predicates. */
  predicates?: string[];
  /** Only entities of these types (`"unknown"` for untyped ones). */
  types?: string[];
}

export type { RememberInput, RememberResult };

/** What {@link Memory.forget} removes: one fact, one entity (by name) or the whole user. */
export type ForgetInput =
  | { userId: string; factUid: string }
  | { userId: string; entity: string }
  | { userId: string; all: true };

/** Which fact {@link Memory.updateFact} corrects: by uid, or the current one of a subject and predicate. */
export type FactTarget = { uid: string } | { subject: string; predicate: string };

/**
 * What an update says about the old value. `change`: it was true until now (or `at`), and the
 * new value holds from then ("I moved to Lyon"). `correction`: it was never true — it is
 * retracted (kept, with an empty interval, so no point in time returns it) and the right value
 * takes its place over the same interval ("it's Amazon Web Services, not Amazon"): `asOf` any
 * date since the old value was said gives the right one.
 */
export type FactUpdateKind = 'change' | 'correction';

/** The correction {@link Memory.updateFact} makes. */
export interface FactCorrection {
  /** The right value. */
  object: string;
  /** The right predicate, when that changes too. @default the old fact's predicate */
  predicate?: string;
  /** A change (the old value held until now) or a correction (it never held). @default "change" */
  kind?: FactUpdateKind;
  /** When a change holds from (a correction holds from when the old value did). @default now */
  at?: Date | string;
  /** Recorded as the new fact's provenance and as what closed the old one. @default "correction" */
  source?: string;
}

/** What {@link Memory.updateFact} did. */
export interface FactCorrectionResult {
  /** The corrected fact, now closed (kept as history, not deleted). */
  closed: string;
  /** The fact that holds now. */
  factUid: string;
}

/** What {@link Memory.forget} removed. */
export interface ForgetResult {
  deleted: boolean;
}

const MAX_LIMIT = SURFACE_CAPS.library.recallLimit;
// Cosine below which an entity does not resemble an entity search (names, not sentences, are compared).
const ENTITY_SEARCH_MIN_SIMILARITY = 0.5;

interface ApplyOptions {
  at: Date;
  sourceIds: string[];
  similarityMerge: boolean;
  /** Known facts an extractor said this write contradicts. */
  contradicts?: (FactRef & { validFrom: Date })[];
  /** The episode this write extracts. */
  episode?: { uid: string; summary: string };
  /**
   * Checks, inside the write's transaction, that what the write was prepared from still holds
   * (another process may have written in between); throws to write nothing.
   */
  verify?: (reads: PlanningReads) => Promise<void>;
}

/**
 * Long-term memory for agents, kept as one knowledge graph per user. Create it with
 * {@link createMemory}; close it with {@link Memory.close}.
 */
export class Memory implements MemoryApi {
  private readonly resolver: EntityResolver;
  private readonly retriever: Retriever;
  private readonly lock = new WriteLock();
  private readonly episodes: EpisodeProcessor;
  private readonly vectors: SearchVectors;
  private readonly closing: (() => Promise<void>)[] = [];

  constructor(
    /** The storage backend (embedded LadybugDB or Neo4j). */
    readonly store: GraphStore,
    /** The embedder in use and its dimension. */
    readonly embedder: ResolvedEmbedder,
    /** The options in force. */
    readonly options: ResolvedMemoryOptions,
    /** Reads triples out of conversation turns (`remember`). */
    readonly extractor: Extractor,
  ) {
    this.resolver = new EntityResolver(embedder.embeddings);
    this.vectors = new SearchVectors(store, embedder.embeddings);
    this.retriever = new Retriever(
      store,
      embedder.embeddings,
      relationLexicon(),
      // A semantic embedder's cosines tell a user's facts apart (see SEMANTIC_FUSION) when the
      // question names no other entity; what the caller sets wins.
      embedder.semantic
        ? {
            ...options.recall,
            unnamed: { ...SEMANTIC_FUSION, ...fusionFields(options.recall), ...options.recall.unnamed },
          }
        : options.recall,
      options.recall.expandQueries === false ? undefined : new QueryExpander(),
    );
    this.episodes = new EpisodeProcessor({
      store,
      extractor,
      embed: (text) => this.vectors.embedOne(text),
      retriever: this.retriever,
      lock: this.lock,
      contextChars: options.contextChars,
      applyTriples: (user, triples, applyOptions) => this.applyTriples(user, triples, applyOptions),
    });
  }

  /**
   * Remembers triples you extracted yourself (no model call): entities are resolved by name
   * and alias, a current fact said again counts a mention, a functional predicate with a new
   * object closes the previous fact. The whole call is one transaction: on any invalid triple
   * nothing is written.
   *
   * @example
   * await memory.addTriples("u1", [{ subject: "I", predicate: "lives in", object: "Paris" }]);
   */
  async addTriples(
    userId: string,
    triples: readonly (Triple | KnowledgeTriple)[],
    options: AddTriplesOptions = {},
  ): Promise<AddTriplesResult> {
    const where = 'Memory.addTriples';
    const user = checkUserId(userId, where);
    if (!Array.isArray(triples)) throw new InvalidInputError(`${where}: triples must be an array`);
    const checked = triples.map((t, i) => checkTriple(t, i, where));
    for (const [i, t] of checked.entries()) checkKeys(t, i, where);
    const at = options.at === undefined ? new Date() : checkDate(options.at, 'at', where);
    const source = options.source === undefined ? 'api' : checkText(options.source, 'source', where);
    if (checked.length === 0) {
      return { added: 0, updated: 0, invalidated: 0, entitiesCreated: 0, factUids: [] };
    }

    return this.lock.run(() =>
      this.applyTriples(user, checked, {
        at,
        sourceIds: [source],
        similarityMerge: options.similarityMerge ?? true,
      }),
    );
  }

  /**
   * Remembers one conversation turn: the episode (raw messages) is stored first, then one
   * extraction (one model call with a model, none with the rule extractor) turns it into
   * triples, which are resolved and written with their invalidations and MENTIONS edges in one
   * transaction. The same messages for the same thread are not processed twice. If extraction
   * fails the episode is kept as `failed` (see {@link Memory.reextract}); nothing is lost.
   *
   * @example
   * await memory.remember({ userId: "u1", threadId: "t1", messages: [{ role: "user", content: "I live in Paris." }] });
   */
  async remember(input: RememberInput): Promise<RememberResult> {
    return this.episodes.remember(input);
  }

  /** Extracts again the user's failed (and interrupted) episodes, oldest first. */
  async reextract(userId: string, options: { failedOnly?: boolean } = {}): Promise<RememberResult[]> {
    return this.episodes.reextract(checkUserId(userId, 'Memory.reextract'), options.failedOnly ?? false);
  }

  /** A user's stored conversation turns (episodes), oldest first; by uid, status or thread. */
  async listEpisodes(userId: string, filter: EpisodeFilter = {}): Promise<Episode[]> {
    const user = checkUserId(userId, 'Memory.listEpisodes');
    return this.store.episodes(user, { ...filter, limit: filter.limit ?? 100_000 });
  }

  /** Resolves, plans and writes checked triples in one transaction; callers hold the write lock. */
  private async applyTriples(
    user: string,
    checked: readonly CheckedTriple[],
    options: ApplyOptions,
  ): Promise<AddTriplesResult> {
    // Names and statements are embedded before the transaction (see PrefetchedEmbeddings).
    const embeddings = await embeddingsForWrite(this.embedder.embeddings, () =>
      checked.flatMap((t) => {
        const subject = mentionName(t.subject);
        const object = mentionName(t.object);
        return [subject, object, factStatement(subject, t.predicate, object)];
      }),
    );
    const resolver = embeddings === this.embedder.embeddings ? this.resolver : new EntityResolver(embeddings);
    return this.store.writePlanned(user, async (reads) => {
      await options.verify?.(reads);
      const resolution = await resolver.resolve(
        reads,
        user,
        checked.flatMap((t) => [
          { name: t.subject, type: t.subjectType },
          { name: t.object, type: t.objectType },
        ]),
        {
          at: options.at,
          mergeThreshold: this.options.mergeThreshold,
          similarityMerge: options.similarityMerge,
        },
      );
      const resolved: ResolvedTriple[] = checked.map((t) => {
        const subject = resolution.byKey.get(entityKeyOf(t.subject));
        const object = resolution.byKey.get(entityKeyOf(t.object));
        if (!subject || !object) throw new Error('Memory: internal error, an entity was not resolved');
        return {
          subjectUid: subject.uid,
          subjectName: subject.name,
          objectUid: object.uid,
          objectName: object.name,
          predicate: t.predicate,
          key: normalizePredicate(t.predicate),
          confidence: t.confidence,
        };
      });
      const plan = await planFacts(reads, resolved, {
        userId: user,
        at: options.at,
        sourceIds: options.sourceIds,
        rules: this.options.contradictions,
        createdEntities: resolution.created,
        createdAt: new Date(),
      });
      // Facts the extractor said are contradicted, unless the temporal rules already close them;
      // a fact that started after this turn (re-extraction of an old turn) is left alone.
      const closing = new Set(plan.invalidations.map((i) => i.uid));
      for (const fact of options.contradicts ?? []) {
        if (closing.has(fact.uid) || fact.validFrom.getTime() > options.at.getTime()) continue;
        closing.add(fact.uid);
        const replacement = plan.facts.find((f) => f.subjectUid === fact.subjectUid && f.key === fact.key);
        plan.invalidations.push({
          uid: fact.uid,
          subjectUid: fact.subjectUid,
          validTo: options.at,
          invalidatedBy: options.sourceIds[0] ?? 'api',
          supersededBy: replacement?.uid ?? '',
        });
        plan.closedCurrent++;
      }
      await this.vectors.attach(plan.facts, embeddings);
      const batch: WriteBatch = {
        userId: user,
        at: options.at,
        entities: resolution.entities,
        keys: resolution.keys,
        touches: resolution.touches,
        facts: plan.facts,
        mentions: plan.mentions,
        invalidations: plan.invalidations,
        validFrom: plan.validFrom,
        ...(options.episode
          ? {
              episode: {
                ...options.episode,
                entityUids: [...new Set(resolved.flatMap((t) => [t.subjectUid, t.objectUid]))],
              },
            }
          : {}),
      };
      // A split adds the later part of a fact as a new edge that no triple created.
      const said = new Set(plan.tripleFacts);
      const created = plan.facts.filter((f) => said.has(f.uid)).length;
      const result: AddTriplesResult = {
        added: plan.facts.length,
        // Every triple that did not create a fact confirmed one that already held.
        updated: checked.length - created,
        invalidated: plan.closedCurrent,
        entitiesCreated: resolution.entities.length,
        factUids: plan.tripleFacts,
      };
      return { batch, result };
    });
  }

  /**
   * Recalls what the memory knows that is relevant to a query: ranked facts, the entities
   * involved and a compact `context` block for a system prompt. No model call.
   *
   * @example
   * const { context } = await memory.recall({ userId: "u1", query: "where do I live?" });
   */
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
    return this.retriever.recall({
      userId,
      query,
      limit,
      ...(hops ? { hops } : {}),
      includeHistory: input.includeHistory ?? false,
      maxChars,
      ...(asOf ? { asOf } : {}),
    });
  }

  /** A user's facts, current by default; optionally about one entity or predicate, or with history. */
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

  /** A user's entities, most mentioned first. */
  async entities(userId: string, options: { limit?: number } = {}): Promise<Entity[]> {
    const where = 'Memory.entities';
    return this.store.listEntities(
      checkUserId(userId, where),
      checkInteger(options.limit ?? 100_000, 'limit', 1, 10_000_000, where),
    );
  }

  /**
   * A user's graph in graphology's serialised form (`Graph.from(view)`): the most mentioned
   * entities up to `limit` and the facts between them, or with `around` the neighbourhood of one
   * entity (uid or name) out to `hops`; current facts by default.
   */
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

  /**
   * One entity (by uid or name) with every fact touching it, closed ones included, and the
   * episodes they were learned from.
   *
   * @throws NotFoundError when the user has no such entity
   */
  async entity(userId: string, ref: string, options: { factLimit?: number } = {}): Promise<EntityDetails> {
    const where = 'Memory.entity';
    const user = checkUserId(userId, where);
    const entity = await resolveEntityRef(this.store, user, checkText(ref, 'entity', where));
    const factLimit = checkInteger(options.factLimit ?? 500, 'factLimit', 1, 100_000, where);
    return describeEntity(this.store, user, entity, factLimit);
  }

  /**
   * The shortest chain of facts linking two entities (uids or names), following facts in either
   * direction; `null` when they are not connected within `maxHops`.
   *
   * @throws NotFoundError when either entity does not exist for the user
   */
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

  /** Every user with a memory. */
  async users(): Promise<string[]> {
    return this.store.users();
  }

  /** Whether a user has a memory. */
  async hasUser(userId: string): Promise<boolean> {
    return this.store.hasUser(checkUserId(userId, 'Memory.hasUser'));
  }

  /** Sizes of a user's memory. */
  async stats(userId: string): Promise<UserStats> {
    return this.store.stats(checkUserId(userId, 'Memory.stats'));
  }

  /**
   * Forgets one fact (by uid), one entity (by name, with every fact touching it) or a whole
   * user. This deletes; contradicted facts are closed by the write path, not here.
   *
   * @throws NotFoundError when the named entity does not exist for that user
   */
  async forget(input: ForgetInput): Promise<ForgetResult> {
    const where = 'Memory.forget';
    if (typeof input !== 'object' || input === null)
      throw new InvalidInputError(`${where}: expected {userId, …}`);
    const userId = checkUserId(input.userId, where);
    return this.lock.run(async () => {
      if ('factUid' in input) {
        return { deleted: await this.store.deleteFact(userId, checkText(input.factUid, 'factUid', where)) };
      }
      if ('entity' in input) {
        const name = checkText(input.entity, 'entity', where);
        const entity = await this.store.entityByKey(userId, entityKeyOf(name));
        if (!entity) throw new NotFoundError(`${where}: user "${userId}" has no entity named "${name}"`);
        return { deleted: await this.store.deleteEntity(userId, entity.uid) };
      }
      if ('all' in input && input.all === true) return { deleted: await this.store.deleteUser(userId) };
      throw new InvalidInputError(`${where}: say what to forget: {factUid}, {entity} or {all: true}`);
    });
  }

  /**
   * Updates a fact: the old one is closed (kept as history, `supersededBy` the new one) and the
   * right value becomes the current fact. A `change` (the default) closes the old value now (or at
   * `at`); a `correction` says it was never true: it is retracted where it opened and the right
   * value holds over its whole interval (see {@link FactUpdateKind}).
   *
   * @throws NotFoundError when the user has no such fact (another user's uid included)
   * @throws InvalidInputError when subject and predicate match several current facts (pass a uid)
   * @example
   * await memory.updateFact("u1", { subject: "I", predicate: "lives in" }, { object: "Lyon" });
   */
  async updateFact(
    userId: string,
    target: FactTarget,
    correction: FactCorrection,
  ): Promise<FactCorrectionResult> {
    const where = 'Memory.updateFact';
    const user = checkUserId(userId, where);
    if (
      typeof target !== 'object' ||
      target === null ||
      typeof correction !== 'object' ||
      correction === null
    )
      throw new InvalidInputError(`${where}: expected (userId, {uid} or {subject, predicate}, {object})`);
    const object = checkText(correction.object, 'object', where);
    const kind = correction.kind ?? 'change';
    if (kind !== 'change' && kind !== 'correction')
      throw new InvalidInputError(
        `${where}: kind must be "change" or "correction", got ${JSON.stringify(kind)}`,
      );
    if (kind === 'correction' && correction.at !== undefined)
      throw new InvalidInputError(
        `${where}: a correction holds from when the old value did; "at" is for a change, leave it out`,
      );
    const changeAt = correction.at === undefined ? new Date() : checkDate(correction.at, 'at', where);
    const source =
      correction.source === undefined ? 'correction' : checkText(correction.source, 'source', where);
    return this.lock.run(async () => {
      const old = await this.findFact(user, target, where);
      const predicate =
        correction.predicate === undefined
          ? old.predicate
          : checkText(correction.predicate, 'predicate', where);
      if (old.validTo !== null) {
        throw new InvalidInputError(
          `${where}: fact ${old.uid} is already closed; correct the current fact instead`,
        );
      }
      if (normalizePredicate(predicate) === old.key && entityKeyOf(object) === entityKeyOf(old.object)) {
        throw new InvalidInputError(`${where}: fact ${old.uid} already says "${old.statement}"`);
      }
      // A change dated before the current value began would close it before it opened.
      if (kind === 'change' && changeAt.getTime() < old.validFrom.getTime()) {
        throw new InvalidInputError(
          `${where}: the change is dated ${changeAt.toISOString()}, before fact ${old.uid} ("${old.statement}") began (${old.validFrom.toISOString()}); date it later, or make it a correction if the old value was never true`,
        );
      }
      // A correction is written where the wrong value was, and closes it where it opened.
      const at = kind === 'correction' ? old.validFrom : changeAt;
      const checked = checkTriple({ subject: old.subject, predicate, object }, 0, where);
      checkKeys(checked, 0, where);
      const self = await this.store.entityByKey(user, USER_ENTITY_KEY);
      const subjectName = old.subjectUid === self?.uid ? USER_ENTITY_KEY : old.subject;
      const result = await this.applyTriples(user, [{ ...checked, subject: subjectName }], {
        at,
        sourceIds: [source],
        similarityMerge: true,
        contradicts: [
          {
            uid: old.uid,
            subjectUid: old.subjectUid,
            objectUid: old.objectUid,
            key: old.key,
            validFrom: new Date(0),
          },
        ],
        // Read again inside the transaction: another process may have closed or deleted it.
        verify: async (reads) => {
          const now = await reads.factByUid(user, old.uid);
          if (!now)
            throw new NotFoundError(`${where}: fact ${old.uid} was deleted meanwhile; nothing was written`);
          if (now.validTo !== null)
            throw new InvalidInputError(
              `${where}: fact ${old.uid} was closed meanwhile (since ${now.validTo.toISOString()}); nothing was written, correct the current fact instead`,
            );
        },
      });
      return { closed: old.uid, factUid: result.factUids[0] ?? old.uid };
    });
  }

  /**
   * Deletes one fact by uid (use {@link Memory.updateFact} to correct it and keep its history).
   *
   * @throws NotFoundError when the user has no such fact (another user's uid included)
   */
  async forgetFact(userId: string, factUid: string): Promise<void> {
    const where = 'Memory.forgetFact';
    const user = checkUserId(userId, where);
    const uid = checkText(factUid, 'factUid', where);
    await this.lock.run(async () => {
      if (!(await this.store.deleteFact(user, uid))) {
        throw new NotFoundError(`${where}: user "${user}" has no fact ${uid}; list them with memory.facts()`);
      }
    });
  }

  /**
   * Marks a current fact as no longer true from `at` (default now), with no replacement: it is
   * closed and kept as history, not deleted. Closing a closed fact is an error.
   *
   * @throws NotFoundError when the user has no such fact
   */
  async closeFact(
    userId: string,
    factUid: string,
    options: { at?: Date | string; source?: string } = {},
  ): Promise<void> {
    const where = 'Memory.closeFact';
    const user = checkUserId(userId, where);
    const uid = checkText(factUid, 'factUid', where);
    const at = options.at === undefined ? new Date() : checkDate(options.at, 'at', where);
    const source = options.source === undefined ? 'closed' : checkText(options.source, 'source', where);
    await this.lock.run(() =>
      this.store.writePlanned(user, async (reads) => {
        const fact = await reads.factByUid(user, uid);
        if (!fact) throw new NotFoundError(`${where}: user "${user}" has no fact ${uid}`);
        if (fact.validTo !== null)
          throw new InvalidInputError(
            `${where}: fact ${uid} is already closed (since ${fact.validTo.toISOString()})`,
          );
        if (at.getTime() < fact.validFrom.getTime())
          throw new InvalidInputError(
            `${where}: fact ${uid} holds from ${fact.validFrom.toISOString()}; close it at or after that`,
          );
        const batch: WriteBatch = {
          userId: user,
          at,
          entities: [],
          keys: [],
          touches: [],
          facts: [],
          mentions: [],
          invalidations: [
            { uid, subjectUid: fact.subjectUid, validTo: at, invalidatedBy: source, supersededBy: '' },
          ],
          validFrom: [],
        };
        return { batch, result: undefined };
      }),
    );
  }

  /** The fact a correction targets; current facts only when named by subject and predicate. */
  private async findFact(user: string, target: FactTarget, where: string): Promise<Fact> {
    if ('uid' in target) {
      const fact = await this.store.factByUid(user, checkText(target.uid, 'uid', where));
      if (!fact) throw new NotFoundError(`${where}: user "${user}" has no fact ${target.uid}`);
      return fact;
    }
    const subject = checkText(target.subject, 'subject', where);
    const key = normalizePredicate(checkText(target.predicate, 'predicate', where));
    const entity = await this.store.entityByKey(user, entityKeyOf(subject));
    const facts = entity
      ? (await this.store.incidentFacts(user, [entity.uid], { mode: 'current' }, [key])).filter(
          (f) => f.subjectUid === entity.uid,
        )
      : [];
    if (facts.length === 0)
      throw new NotFoundError(
        `${where}: user "${user}" has no current fact "${subject} ${target.predicate} …"`,
      );
    if (facts.length > 1) {
      throw new InvalidInputError(
        `${where}: "${subject} ${target.predicate}" has ${facts.length} current values (${facts.map((f) => `${f.object} = ${f.uid}`).join(', ')}); pass the uid of the one to correct`,
      );
    }
    return facts[0] as Fact;
  }

  /**
   * Runs one Cypher statement on the backend (the `kgmem cypher` console). With `readOnly` a
   * statement that could write is refused before it runs, and reads do not wait for the write
   * queue; `maxRows` caps the rows read.
   */
  async cypher(
    statement: string,
    params: Record<string, unknown> = {},
    options: CypherOptions = {},
  ): Promise<CypherResult> {
    const where = 'Memory.cypher';
    const text = checkText(statement, 'statement', where);
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      throw new InvalidInputError(`${where}: params must be an object of named values`);
    const run = () => this.store.runCypher(text, params, options);
    return options.readOnly ? run() : this.lock.run(run);
  }

  /**
   * The ready-made analyst queries of `cypher/explore/` for this memory's backend: the per-user
   * way to explore with Cypher (see {@link Memory.explore}).
   */
  async exploreQueries(): Promise<CypherExample[]> {
    return cypherExamples(this.store.backend);
  }

  /** The release, backend, location and embedder of this memory. */
  async describe(): Promise<MemoryDescription> {
    return {
      version: KGMEM_VERSION,
      backend: this.store.backend,
      location: this.store.location,
      embedder: this.embedder.description,
      dimension: this.embedder.dimension,
    };
  }

  /** The predicate keys a user's facts use (current and closed), sorted. */
  async predicates(userId: string): Promise<string[]> {
    return [...(await this.store.predicateKeys(checkUserId(userId, 'Memory.predicates')))].sort();
  }

  /**
   * Runs one ready-made query of `cypher/explore/` for one user: the user id is bound by this
   * call (a `userId` among `params` is ignored), the statement is the file's, and it runs
   * read-only with rows capped. What a surface acting for one user (MCP, a per-user token)
   * offers instead of raw Cypher.
   *
   * @throws NotFoundError for an unknown query name
   */
  async explore(
    userId: string,
    name: string,
    params: Record<string, unknown> = {},
    options: Pick<CypherOptions, 'maxRows' | 'timeoutMs'> = {},
  ): Promise<CypherResult> {
    const where = 'Memory.explore';
    const user = checkUserId(userId, where);
    const queries = await this.exploreQueries();
    const query = queries.find((q) => q.name === name);
    if (!query)
      throw new NotFoundError(
        `${where}: no ready-made query "${name}"; the queries are ${queries.map((q) => q.name).join(', ')}`,
      );
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      throw new InvalidInputError(`${where}: params must be an object of named values`);
    const { userId: _ignored, ...rest } = params;
    return this.cypher(query.statement, { ...rest, userId: user }, { ...options, readOnly: true });
  }

  /**
   * Whether a Cypher statement may run where only reading is allowed (without the write token,
   * or on a read-only surface): a plain query of this database, and nothing that writes, reads
   * or writes files, loads extensions or reaches another database. The statement is not run; the
   * verdict names the clause that stops it.
   */
  async checkReadOnly(statement: string, params: Record<string, unknown> = {}): Promise<ReadVerdict> {
    return this.store.checkReadOnly(checkText(statement, 'statement', 'Memory.checkReadOnly'), params);
  }

  /**
   * A user's entities whose names match a query (full text) or resemble it (embedding
   * similarity), best first.
   */
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

  /**
   * A user's entities and facts named by uid (a console result) as a graph: the entities, the
   * facts with both their ends; uids of other users or of nothing are left out.
   */
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

  /**
   * Finds a user's entities by name as it is typed, over the whole memory: exact names, names
   * starting with the text, names whose words start with its words, and near spellings ("insep"
   * finds "Inception"); best first, then the most mentioned. No embedding call.
   *
   * @example
   * const [best] = await memory.findEntities("u1", "incep"); // Inception, kind "prefix"
   */
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

  /**
   * Embeds everything again with this memory's embedder (open it with `reembedding: true`): every
   * user's entities, fact statements and stored turns, then records the embedder so the database
   * opens with it from now on. For a switch of embedding model (or of dimension). An embedder
   * failure stops it with the error; run it again to finish.
   */
  async reembed(
    onUser: (userId: string, counts: ReembedCounts) => void = () => {},
  ): Promise<ReembedCounts & { users: number }> {
    return this.lock.run(async () => {
      const total = { users: 0, entities: 0, facts: 0, episodes: 0 };
      await this.store.prepareReembedding(this.embedder.dimension);
      for (const userId of await this.store.users()) {
        const entities = await this.store.listEntities(userId, Number.MAX_SAFE_INTEGER);
        for (let i = 0; i < entities.length; i += REEMBED_BATCH) {
          const batch = entities.slice(i, i + REEMBED_BATCH);
          const vectors = await this.embedder.embeddings.embedDocuments(batch.map((e) => e.name));
          if (vectors.length !== batch.length || vectors.some((v) => v?.length !== this.embedder.dimension))
            throw new Error(
              `Memory.reembed: the embedder returned ${vectors.length} vectors for ${batch.length} names, ` +
                `not all of ${this.embedder.dimension} dimensions`,
            );
          await this.store.setEntityEmbeddings(
            userId,
            batch.map((e, j) => ({ uid: e.uid, embedding: vectors[j] as number[] })),
          );
        }
        await this.store.clearVectors(userId);
        const searchable = await this.vectors.embedMissing(userId);
        const counts = { entities: entities.length, ...searchable };
        onUser(userId, counts);
        total.users++;
        total.entities += counts.entities;
        total.facts += counts.facts;
        total.episodes += counts.episodes;
      }
      await this.store.recordEmbedder(this.embedder.identity);
      return total;
    });
  }

  /**
   * One user's whole memory as a versioned backup document (`kgmem-export/2`): entities, facts
   * with their history, provenance and observations, and every stored turn exactly as sent. See
   * `export-format.ts` for the format; {@link Memory.importUser} restores it.
   *
   * @throws NotFoundError when the user has no memory
   */
  async exportUser(userId: string): Promise<ExportDocument> {
    const where = 'Memory.exportUser';
    const user = checkUserId(userId, where);
    if (!(await this.store.hasUser(user))) throw new NotFoundError(`${where}: there is no user "${user}"`);
    return exportUser(this.store, user);
  }

  /**
   * Restores a backup written by {@link Memory.exportUser} (or by `kgmem export` of an older
   * version): into the file's user, or into `userId` when given (a copy under another id gets
   * uids of its own). The whole file is checked first and written in one transaction; records the
   * user already holds are kept as they are, so importing the same file twice changes nothing.
   *
   * @throws InvalidInputError for a file of an unknown version, an invalid or incomplete one, or
   *   an entity name the user already uses for another entity (nothing is written)
   */
  async importUser(document: unknown, options: { userId?: string } = {}): Promise<ImportSummary> {
    const where = 'Memory.importUser';
    // The checker (and zod) load only when a backup is imported.
    const { checkExport, restoreExport } = await import('./restore.js');
    const checked = checkExport(document, `${where}: export file`);
    const target = options.userId ?? checked.document.userId;
    return this.lock.run(() => restoreExport(this.store, this.embedder.embeddings, checked, target, where));
  }

  /**
   * Runs `release` first when this memory closes (before pending writes are awaited): how
   * `createMemory` stops serving other processes before the database closes.
   *
   * @internal
   */
  onClose(release: () => Promise<void>): void {
    this.closing.push(release);
  }

  /** Stops serving other processes, waits for pending writes and closes the database. */
  async close(): Promise<void> {
    for (const release of this.closing.splice(0)) await release();
    await this.lock.run(async () => undefined);
    await this.store.close();
  }
}

function checkKeys(triple: CheckedTriple, index: number, where: string): void {
  for (const [field, value] of [
    ['subject', triple.subject],
    ['object', triple.object],
  ] as const) {
    if (entityKeyOf(value).length === 0) {
      throw new InvalidInputError(
        `${where} (triple #${index + 1}): ${field} "${value}" has no letters or digits`,
      );
    }
  }
  if (normalizePredicate(triple.predicate).length === 0) {
    throw new InvalidInputError(
      `${where} (triple #${index + 1}): predicate "${triple.predicate}" has no letters or digits`,
    );
  }
}

function checkInteger(value: unknown, field: string, min: number, max: number, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidInputError(
      `${where}: ${field} must be an integer from ${min} to ${max} (got ${JSON.stringify(value)})`,
    );
  }
  return value;
}

function timeScope(
  includeHistory: boolean | undefined,
  asOf: Date | string | undefined,
  where: string,
): TimeScope {
  if (includeHistory) return { mode: 'all' };
  if (asOf !== undefined) return { mode: 'asOf', asOf: checkDate(asOf, 'asOf', where) };
  return { mode: 'current' };
}
