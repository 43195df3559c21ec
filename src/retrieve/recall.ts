import { type EmbeddingsLike, embedInProcess } from '../embed/base.js';
import type { RelationLexicon } from '../lexicon/base.js';
import type { QueryExpander } from '../lexicon/expansion.js';
import { tokenize, USER_ENTITY_KEY } from '../model/normalize.js';
import { STOP_WORDS, searchTerms, stem } from '../model/text.js';
import type { Fact, RecalledEntity, RecallResult } from '../model/types.js';
import type { GraphStore, TimeScope } from '../store/base.js';
import { placeNames } from './anchors.js';
import { AnswerFit } from './answer-fit.js';
import { contextBlock } from './context.js';
import { fuseEvidence, inScope } from './evidence.js';
import { expand, type ReachedEdge, reachedHead, withFacts } from './expand.js';
import { rankReachedFacts } from './graph-rank.js';
import { linkEntities, SELF_REFERENCE } from './link.js';
import { OpenRelationReader } from './open-relation.js';
import { compareUids } from './order.js';
import { fusionFields, OFFLINE_RECIPE, resolveFusionOptions } from './recipe.js';
import type { FusionOptions, RankingRecipe, SeedWeights } from './recipe-types.js';
import { RelationMatcher } from './relations.js';

// How an entity entered a recall, best first (the order of equal scores).
const VIA_RANK: Readonly<Record<RecalledEntity['via'], number>> = { name: 0, similarity: 1, traversal: 2 };

/** A checked recall request. */
export interface RecallRequest {
  userId: string;
  query: string;
  limit: number;
  /** Graph hops; inferred from the question's relations when not given. */
  hops?: number;
  asOf?: Date;
  includeHistory: boolean;
  maxChars: number;
  /** Report what each scorer contributed to each result's score (`contributions`). */
  explain?: boolean;
}

/**
 * Tuning of the hybrid retriever: a whole recipe (`recipe`), and single numbers over it (the
 * fusion's by name, and those below).
 */
export interface RetrieverOptions extends Partial<FusionOptions> {
  /**
   * Every number recall ranks with (see `recipe.ts`).
   * @default OFFLINE_RECIPE (a memory with a semantic embedder: SEMANTIC_RECIPE)
   */
  recipe?: RankingRecipe;
  /**
   * Widen full-text search of stored turns with WordNet synonyms, derived forms and kinds of the
   * query's words (weighted below the words themselves), and search the turns' concepts (the
   * WordNet ancestors of their words, `QueryExpander.conceptTerms`).
   * @default true
   */
  expandQueries?: boolean;
  /** Similar entities added as seeds (the recipe's `search.vectorSeeds`). */
  vectorSeeds?: number;
  /** Minimum cosine similarity of a vector seed (the recipe's `search.minSimilarity`). */
  minSimilarity?: number;
  /**
   * Fusion, over the rest, for questions that name no entity but the user ("Which company pays my
   * salary?", or no entity at all): the walk from the user reaches all of the user's facts alike,
   * and a semantic embedder's similarity of each fact to the question tells them apart
   * (`SEMANTIC_FUSION`). A question naming an entity keeps the walk's weights: the walk from it
   * says what is near, and the answer at the end of a chain of relations is not like the question.
   * @default the recipe's `unnamed`
   */
  unnamed?: Partial<FusionOptions>;
  /**
   * Let the walk take one more hop, along a relation the question names by no word the lexicon
   * reads, from paths that cover every relation it does name, ranked by how well the embedder's
   * vectors of the unread words fit each predicate (`OpenRelationReader`; for a semantic
   * embedder, which memories turn on).
   * @default the recipe's `search.openRelations`
   */
  openRelations?: boolean;
  /** How strongly each kind of seed starts the walk (see {@link SeedWeights}). */
  seeds?: Partial<SeedWeights>;
}

/**
 * The vector entities are sought with when the question names none: the question without its
 * relation and function words ("who directed Interstelar" → "interstelar") when the embedder
 * embeds in process and costs no request, since what is left is the name it meant; the whole
 * question's vector otherwise. (The offline embedder's senses half comes mostly from relation
 * words, which names lack.) When the question names an entity, similar ones only widen the net
 * for paraphrases, and the whole question says best which.
 */
function entityQueryVector(
  embeddings: EmbeddingsLike,
  tokens: readonly string[],
  relations: RelationMatcher,
  vector: number[],
): ArrayLike<number> {
  const content = tokens.filter((t) => !STOP_WORDS.has(t));
  const names = nameWords(tokens, relations);
  if (names.length === 0 || names.length === content.length) return vector;
  return embedInProcess(embeddings, names.join(' ')) ?? vector;
}

/** The question's words outside its function and relation words: what is left is a name. */
function nameWords(tokens: readonly string[], relations: RelationMatcher): string[] {
  return tokens.filter((t) => !STOP_WORDS.has(t) && !relations.isRelationWord(stem(t)));
}

/**
 * Hybrid retrieval with no model call. Entities named in the query (index lookups), entities and
 * facts similar to it (vector search) seed a walk along the user's facts that follows the
 * relations the question names; stored turns are searched by full text (BM25) and similarity.
 * The rankings are fused (`evidence.ts`) into facts and episodes, each saying which signals
 * found it, and formatted for a prompt.
 */
export class Retriever {
  /** The recipe in force, the caller's single numbers applied. */
  readonly recipe: Readonly<RankingRecipe>;
  private readonly options: FusionOptions;
  private readonly unnamedOptions: FusionOptions;
  private readonly answerFit: AnswerFit;
  private readonly seedWeights: SeedWeights;
  private readonly openReader?: OpenRelationReader;

  constructor(
    private readonly store: GraphStore,
    private readonly embeddings: EmbeddingsLike,
    private readonly lexicon: RelationLexicon,
    options: RetrieverOptions = {},
    /** Widens full-text search of turns by meaning (WordNet); none to search the query's words only. */
    private readonly expander?: QueryExpander,
  ) {
    this.recipe = withOptions(options.recipe ?? OFFLINE_RECIPE, options);
    this.options = this.recipe.fusion;
    this.unnamedOptions = resolveFusionOptions(
      { ...this.recipe.unnamed, ...fusionFields(options), ...options.unnamed },
      this.recipe.fusion,
    );
    this.answerFit = new AnswerFit(lexicon, this.recipe.fit);
    this.seedWeights = this.recipe.seeds;
    if (this.recipe.search.openRelations) this.openReader = new OpenRelationReader(embeddings);
  }

  /**
   * The fusion settings a question gets: one that names no entity but the user (`aboutUserOnly`)
   * gets the `unnamed` ones over the rest.
   */
  fusionFor(aboutUserOnly: boolean): Readonly<FusionOptions> {
    return aboutUserOnly ? this.unnamedOptions : this.options;
  }

  /** Runs one recall. */
  async recall(request: RecallRequest): Promise<RecallResult> {
    const { userId, query } = request;
    const { search } = this.recipe;
    const time: TimeScope = request.includeHistory
      ? { mode: 'all' }
      : request.asOf
        ? { mode: 'asOf', asOf: request.asOf }
        : { mode: 'current' };

    const tokens = tokenize(query);
    // Reads that do not depend on each other run at once (a server backend answers them in
    // parallel); their results are merged in a fixed order, so the outcome is the same.
    const vectorPending = settleLater(this.embeddings.embedQuery(query));
    const [linked, vocabulary] = await Promise.all([
      linkEntities(this.store, userId, query, this.recipe.link),
      this.store.predicateKeys(userId),
    ]);
    // Relation words are the question's words outside names: multi-word names, and one-word
    // names written capitalised inside the question. A one-word name that is also a relation
    // word ("director", "actors") is more likely the relation than the entity.
    const spans = placeNames(query, tokens, linked);
    const nameTokens = spans
      .filter((s) => s.link.matched.includes(' ') || (s.capitalised && (s.positions[0] ?? 0) > 0))
      .flatMap((s) => s.link.matched.split(' '));
    await this.lexicon.prepare(
      tokens.filter((t) => !STOP_WORDS.has(t)),
      vocabulary,
    );
    const anchors = spans.filter((s) => !s.lowercaseWord).flatMap((s) => s.positions);
    const relations = new RelationMatcher(
      tokens,
      nameTokens,
      vocabulary,
      this.lexicon,
      anchors,
      this.recipe.relations,
    );
    const hops = request.hops ?? relations.inferHops(search.defaultHops, this.recipe.walk.maxHops);
    // Words the lexicon does not read may name the last relation asked ("what types are the films
    // penned by X"): a semantic embedder tells which, while the graph is read. Only a walk of two
    // hops or more has a last hop beyond the named chain (the one-hop recall of `remember()`'s
    // known facts asks nothing).
    const openPending =
      this.openReader && hops > 1 && relations.unread.length > 0 && relations.mentions.length > 0
        ? settleLater(this.openReader.fit(relations.unread, vocabulary))
        : undefined;
    // A question that names no entity but the user is answered by telling the user's facts apart.
    const aboutUserOnly = linked.every((l) => l.entity.key === USER_ENTITY_KEY);
    const fusion = this.fusionFor(aboutUserOnly);
    const vector = await vectorPending;
    // Stored turns are searched while the graph is read and walked.
    const depth = Math.max(search.depthPerResult * request.limit, search.minDepth);
    // Every stored turn is the user's own: the user's name, when the question says it ("What did
    // Caroline research?" asked of Caroline's memory), tells none of them apart, and the rare turn
    // that happens to say it would rank first on that word alone.
    // Compared by stem: "Caroline's" is her name too.
    const ownName = new Set(
      searchTerms(
        linked
          .filter((l) => l.entity.key === USER_ENTITY_KEY && l.matched !== SELF_REFERENCE)
          .map((l) => l.matched)
          .join(' '),
      ),
    );
    const turnWords = tokens.filter((t) => {
      const terms = searchTerms(t);
      return terms.length === 0 || terms.some((term) => !ownName.has(term));
    });
    const episodesPending = settleLater(
      this.store.searchEpisodes(userId, {
        text: turnWords.length > 0 && ownName.size > 0 ? turnWords.join(' ') : query,
        expansion: this.expander
          ? tokens
              .filter((t) => !STOP_WORDS.has(t) && !nameTokens.includes(t))
              .flatMap((t) => this.expander?.expand(t) ?? [])
          : [],
        concepts: this.expander?.conceptTerms(query) ?? [],
        vector,
        k: depth,
        minSimilarity: fusion.episodeSimilarity,
      }),
    );
    // A question that links no entity may misspell one: its name words are sought as typed
    // (exact, prefix, word starts, near spellings; `rankNames`), seeded as sure as the match.
    // Names that merely share a word with the question are not seeds (a full-text match of
    // "dates" finds the film "20 Dates", which then outranks the walk from the named actor), so
    // every backend seeds the same entities.
    const spellingWords = linked.length === 0 ? nameWords(tokens, relations) : [];
    const spellable =
      spellingWords.length > 0 &&
      spellingWords.length <= search.maxNameWords &&
      spellingWords.every((w) => w.length <= search.maxNameWordLength);
    const [spellingHits, similarHits] = await Promise.all([
      spellable ? this.store.searchNames(userId, spellingWords.join(' '), search.spellingSeeds) : [],
      search.vectorSeeds > 0
        ? this.store.similarEntities(
            userId,
            linked.length > 0 ? vector : entityQueryVector(this.embeddings, tokens, relations, vector),
            search.vectorSeeds,
            search.minSimilarity,
          )
        : [],
    ]);
    const seeds = new Map<string, number>();
    const via = new Map<string, RecalledEntity['via']>();
    for (const { link, lowercaseWord } of spans) {
      const relationWord = !link.matched.includes(' ') && relations.isRelationWord(stem(link.matched));
      seeds.set(
        link.entity.uid,
        relationWord
          ? link.weight * this.seedWeights.relationWordName
          : lowercaseWord
            ? link.weight * this.seedWeights.lowercaseName
            : link.weight,
      );
      via.set(link.entity.uid, 'name');
    }
    for (const hit of spellingHits) {
      if ((seeds.get(hit.uid) ?? 0) >= hit.score) continue;
      seeds.set(hit.uid, hit.score);
      via.set(hit.uid, 'name');
    }
    // Named entities are the strong signal; similar ones widen the net for paraphrases.
    const similarScale =
      linked.length > 0 ? this.seedWeights.similarWhenNamed : this.seedWeights.similarWhenUnnamed;
    for (const hit of similarHits) {
      if (seeds.has(hit.uid)) continue;
      seeds.set(hit.uid, hit.score * similarScale);
      via.set(hit.uid, 'similarity');
    }
    // Facts whose statements resemble the query: evidence of their own, and, when the query names
    // no entity, their ends seed the walk (a named entity keeps the walk where the question is, and
    // then only the facts around it need comparing).
    const similarFacts = (cosines: ReadonlyMap<string, number>, loaded: ReadonlyMap<string, Fact>) =>
      [...cosines.keys()]
        .flatMap((uid) => loaded.get(uid) ?? [])
        .filter((f) => inScope(f, time))
        .sort((a, b) => (cosines.get(b.uid) ?? 0) - (cosines.get(a.uid) ?? 0) || compareUids(a.uid, b.uid));
    const named = linked.length > 0;
    let similar: { facts: Fact[]; cosines: Map<string, number> } | undefined;
    if (!named) {
      const hits = await this.store.similarFacts(userId, vector, depth, fusion.factSimilarity);
      const cosines = new Map(hits.map((h) => [h.uid, h.score]));
      const loaded = await this.store.factsByUids(userId, [...cosines.keys()]);
      similar = { facts: similarFacts(cosines, new Map(loaded.map((f) => [f.uid, f]))), cosines };
    }
    for (const fact of similar?.facts ?? []) {
      const weight = this.seedWeights.similarFact * (similar?.cosines.get(fact.uid) ?? 0);
      for (const uid of [fact.subjectUid, fact.objectUid]) {
        if ((seeds.get(uid) ?? 0) >= weight) continue;
        seeds.set(uid, weight);
        if (!via.has(uid)) via.set(uid, 'similarity');
      }
    }

    const { facts: reached, entityScores } =
      seeds.size === 0
        ? { facts: new Map(), entityScores: new Map<string, number>() }
        : await expand(this.store, userId, seeds, {
            hops,
            time,
            relations,
            walk: this.recipe.walk,
            ...(openPending ? { open: await openPending } : {}),
          });
    const head = reachedHead(reached.values(), request.limit, this.recipe.walk);
    // With a named entity, the facts compared with the question are the best the walk reached.
    const cosines =
      similar?.cosines ?? (await this.headCosines(userId, vector, depth, head, fusion.factSimilarity));
    // One read loads the facts ranking can still bring to the top and the similar ones.
    const wanted = new Set(head.map((r) => r.fact.uid));
    if (!similar) for (const uid of cosines.keys()) wanted.add(uid);
    const loaded = new Map((await this.store.factsByUids(userId, [...wanted])).map((f) => [f.uid, f]));
    similar ??= { facts: similarFacts(cosines, loaded), cosines };
    const walked = rankReachedFacts(withFacts(head, loaded), tokens, request.limit, this.recipe.walk);
    const episodeHits = await episodesPending;

    const focus = this.answerFit.focus(
      query,
      nameTokens,
      new Set(linked.filter((l) => l.entity.key !== USER_ENTITY_KEY).map((l) => l.entity.uid)),
    );
    const { facts, episodes } = await fuseEvidence(this.store, userId, {
      answerFit: this.answerFit.bind(focus),
      boostFit:
        new Set(
          relations.mentions
            .filter((m) => !aboutUserOnly || m.weight >= fusion.chainReading)
            .map((m) => m.id),
        ).size <= 1,
      walkRead: (key) => relations.matched(key).size > 0,
      walked,
      seedStrength: Math.min(1, Math.max(0, ...seeds.values())),
      relationsNamed: relations.mentions.length > 0,
      relationConfidence: Math.max(0, ...relations.mentions.map((m) => m.weight)),
      userNamed: linked.some((l) => l.entity.key === USER_ENTITY_KEY && l.matched !== SELF_REFERENCE),
      questionerUid: linked.find((l) => l.entity.key === USER_ENTITY_KEY)?.entity.uid,
      similarFacts: similar.facts,
      factCosines: similar.cosines,
      episodeHits,
      time,
      limit: request.limit,
      pool: { perResult: this.recipe.walk.headPerResult, min: this.recipe.walk.minHead },
      turns: {
        perResult: search.turnsPerResult,
        excerptChars: search.excerptChars,
        excerptLead: search.excerptLead,
      },
      query,
      options: fusion,
    });

    const entityUids = new Set(seeds.keys());
    for (const fact of facts) {
      entityUids.add(fact.subjectUid);
      entityUids.add(fact.objectUid);
    }
    const entities: RecalledEntity[] = (await this.store.entitiesByUids(userId, [...entityUids]))
      .map((entity) => ({
        uid: entity.uid,
        name: entity.name,
        type: entity.type,
        score: entityScores.get(entity.uid) ?? 0,
        via: via.get(entity.uid) ?? 'traversal',
      }))
      // On equal scores a seed comes before what was reached from it.
      .sort((a, b) => b.score - a.score || VIA_RANK[a.via] - VIA_RANK[b.via] || compareUids(a.uid, b.uid));

    const block = contextBlock(facts, episodes, {
      maxChars: request.maxChars,
      factShare: this.recipe.factShare,
      includeHistory: request.includeHistory,
      ...(request.asOf ? { asOf: request.asOf } : {}),
    });
    const quoted = { facts: block.facts, episodes: block.episodes };
    if (request.explain) return { facts, entities, episodes, context: block.text, quoted };
    return {
      facts: facts.map(({ contributions: _, ...fact }) => fact),
      entities,
      episodes: episodes.map(({ contributions: _, ...episode }) => episode),
      context: block.text,
      quoted,
    };
  }

  /**
   * The `depth` facts of the walk's head most similar to the question (cosine at least
   * `factSimilarity`). Only the head is compared, not every fact a hub question reaches
   * (thousands, ~12 µs each on a Neo4j server): a fact ranked below the head no longer enters by
   * similarity alone, which changed no answer of 300 MetaQA questions per hop.
   */
  private async headCosines(
    userId: string,
    vector: ArrayLike<number>,
    depth: number,
    head: readonly ReachedEdge[],
    minSimilarity: number,
  ): Promise<Map<string, number>> {
    const hits = await this.store.similarFacts(
      userId,
      vector,
      depth,
      minSimilarity,
      head.map((r) => r.fact.uid),
    );
    return new Map(hits.map((h) => [h.uid, h.score]));
  }
}

/** A recipe with the caller's single numbers over it. */
function withOptions(recipe: Readonly<RankingRecipe>, options: RetrieverOptions): RankingRecipe {
  return {
    ...recipe,
    search: {
      ...recipe.search,
      ...(options.vectorSeeds !== undefined ? { vectorSeeds: options.vectorSeeds } : {}),
      ...(options.minSimilarity !== undefined ? { minSimilarity: options.minSimilarity } : {}),
      ...(options.openRelations !== undefined ? { openRelations: options.openRelations } : {}),
    },
    seeds: { ...recipe.seeds, ...options.seeds },
    fusion: resolveFusionOptions(fusionFields(options), recipe.fusion),
  };
}

/**
 * A promise awaited later, after other awaits: marked handled now, so that when an earlier await
 * throws first its rejection is not reported as unhandled (awaiting it still throws).
 */
function settleLater<T>(pending: Promise<T>): Promise<T> {
  pending.catch(() => undefined);
  return pending;
}
