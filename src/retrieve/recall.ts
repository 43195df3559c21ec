import type { EmbeddingsLike } from '../embed/base.js';
import { TextVectors } from '../embed/text-vectors.js';
import type { RelationLexicon } from '../lexicon/base.js';
import type { QueryExpander } from '../lexicon/expansion.js';
import { USER_ENTITY_KEY } from '../model/normalize.js';
import type { Fact, RecalledEntity, RecalledEpisode, RecalledFact, RecallResult } from '../model/types.js';
import type { GraphStore, TimeScope } from '../store/base.js';
import { AnswerFit } from './answer-fit.js';
import { contextBlock } from './context.js';
import { type EvidenceInput, recallTurns } from './evidence.js';
import { fuseFacts } from './fuse-facts.js';
import { OpenRelationReader } from './open-relation.js';
import { compareUids } from './order.js';
import { type QuestionReading, readQuestion } from './question.js';
import { fusionFields, OFFLINE_RECIPE, resolveFusionOptions } from './recipe.js';
import type { FusionOptions, RankingRecipe, SeedWeights } from './recipe-types.js';
import { RelationSimilarity } from './relation-similarity.js';
import type { RelationMention } from './relations.js';
import { type Seeds, seedEntities, seedFromFacts, seedUserWhenUnseeded } from './seeds.js';
import { searchTurns } from './turn-search.js';
import { similarFactsOf, type WalkInput, walkFrom } from './walk.js';

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
   * Fusion, over the rest, for questions about the user: those that name no entity but the user
   * ("Which company pays my salary?", or no entity at all) and those the user asks in the first
   * person ("What could I make for dinner with Kofi?"). The walk from the user reaches all of the
   * user's facts alike, and a semantic embedder's similarity of each fact to the question tells
   * them apart (`SEMANTIC_FUSION`). Any other question naming an entity keeps the walk's weights:
   * the walk from it says what is near, and the answer at the end of a chain of relations is not
   * like the question.
   * @default the recipe's `aboutUser`
   */
  aboutUser?: Partial<FusionOptions>;
  /**
   * Let the walk take one more hop, along a relation the question names by no word the lexicon
   * reads, from paths that cover every relation it does name, ranked by how well the embedder's
   * vectors of the unread words fit each predicate (`OpenRelationReader`; for a semantic
   * embedder, which memories turn on).
   * @default the recipe's `search.openRelations`
   */
  openRelations?: boolean;
  /**
   * Let facts of equal score fall to the one whose statement is closest to the question, however
   * far below the similarity floor (for a semantic embedder, whose cosines say what a statement
   * means; an equal score else falls to more signals, mentions and the newer).
   * @default the recipe's `search.tiesByCloseness`
   */
  tiesByCloseness?: boolean;
  /** How strongly each kind of seed starts the walk (see {@link SeedWeights}). */
  seeds?: Partial<SeedWeights>;
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
  private readonly aboutUserOptions: FusionOptions;
  private readonly answerFit: AnswerFit;
  private readonly openReader?: OpenRelationReader;
  private readonly relationSimilarity: RelationSimilarity;

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
    this.aboutUserOptions = resolveFusionOptions(
      { ...this.recipe.aboutUser, ...fusionFields(options), ...options.aboutUser },
      this.recipe.fusion,
    );
    this.answerFit = new AnswerFit(lexicon, this.recipe.fit);
    // Short texts' vectors (question words, predicates' words), embedded once for both readers.
    const vectors = new TextVectors(embeddings);
    if (this.recipe.search.openRelations) this.openReader = new OpenRelationReader(vectors);
    this.relationSimilarity = new RelationSimilarity(vectors);
  }

  /**
   * The fusion settings a question gets: one about the user (`QuestionReading.aboutUser`) gets the
   * `aboutUser` ones over the rest.
   */
  fusionFor(aboutUser: boolean): Readonly<FusionOptions> {
    return aboutUser ? this.aboutUserOptions : this.options;
  }

  /**
   * Runs one recall: link (the question's names and relations) → seed → walk and gather (the
   * turns searched meanwhile) → score and fuse (`fuseFacts`, `recallTurns`) → format (`contextBlock`).
   */
  recall(request: RecallRequest): Promise<RecallResult> {
    // The recall's reads as one group: a cached store checks the user's generation once for all.
    return this.store.readScope(request.userId, () => this.recallNow(request));
  }

  private async recallNow(request: RecallRequest): Promise<RecallResult> {
    const { userId, query, limit } = request;
    const { search } = this.recipe;
    const time = timeScope(request);
    // Reads that do not depend on each other run at once (a server backend answers them in
    // parallel); their results are merged in a fixed order, so the outcome is the same.
    const vectorPending = settleLater(this.embeddings.embedQuery(query));
    const question = await readQuestion(this.store, this.lexicon, this.recipe, request);
    const { relations } = question;
    // Words the lexicon does not read may name the last relation asked ("what types are the films
    // penned by X"): a semantic embedder tells which, while the graph is read. Only a walk of two
    // hops or more has a last hop beyond the named chain.
    const opens = question.hops > 1 && relations.unread.length > 0 && relations.mentions.length > 0;
    const openPending =
      this.openReader && opens
        ? settleLater(this.openReader.fit(relations.unread, question.vocabulary))
        : undefined;
    // Without word vectors, a question about someone of the user's ("What is my husband's
    // profession?") still opens its last hop, every relation alike: from the one it names, their
    // facts are few, and the answer fit reads which one it asks.
    const openToReferenced = !this.openReader && opens && question.referenceKeys.size > 0;
    const fusion = this.fusionFor(question.aboutUser);
    const vector = await vectorPending;
    const depth = Math.max(search.depthPerResult * limit, search.minDepth);
    const episodesPending = settleLater(
      searchTurns(this.store, this.expander, userId, question, {
        vector,
        depth,
        minSimilarity: fusion.episodeSimilarity,
      }),
    );
    const seeds = await seedEntities(this.store, this.embeddings, userId, question, vector, this.recipe);
    const walkInput: WalkInput = {
      userId,
      question,
      time,
      vector,
      depth,
      factSimilarity: fusion.factSimilarity,
      closeness: search.tiesByCloseness,
      limit,
      walk: this.recipe.walk,
    };
    const similarRead = question.linked.length > 0 ? undefined : await similarFactsOf(this.store, walkInput);
    if (similarRead)
      seedFromFacts(seeds, similarRead.facts, similarRead.cosines, this.recipe.seeds.similarFact);
    const fittingOnly = seedUserWhenUnseeded(seeds, question.user, this.recipe.seeds.unnamedUser);
    if (openPending) walkInput.open = await openPending;
    else if (openToReferenced) walkInput.open = new Map();
    const { walked, similar, closeness, entityScores } = await walkFrom(
      this.store,
      seeds,
      walkInput,
      similarRead,
    );
    // A predicate's words read by the embedder, for the candidates' keys (none read at weight 0).
    const keyCosines =
      fusion.relationSimilarityWeight > 0
        ? await this.relationSimilarity.cosines(vector, candidateKeys(walked, similar.facts))
        : undefined;
    const evidence: EvidenceInput = {
      ...this.evidenceOf(question, fusion),
      ...(keyCosines ? { keyCosines } : {}),
      fittingOnly,
      walked,
      seedStrength: Math.min(1, Math.max(0, ...seeds.strength.values())),
      similarFacts: similar.facts,
      factCosines: similar.cosines,
      ...(search.tiesByCloseness ? { closeness } : {}),
      episodeHits: await episodesPending,
      time,
      limit,
      pool: { perResult: this.recipe.walk.headPerResult, min: this.recipe.walk.minHead },
      turns: {
        perResult: search.turnsPerResult,
        excerptChars: search.excerptChars,
        excerptLead: search.excerptLead,
      },
      query,
      options: fusion,
    };
    const fused = fuseFacts(evidence);
    const { facts } = fused;
    // The turns and the entities are read at once: each needs only the fused facts.
    const [episodes, entities] = await Promise.all([
      recallTurns(this.store, userId, evidence, fused),
      this.entitiesOf(userId, seeds, facts, entityScores),
    ]);
    return this.result(request, facts, entities, episodes);
  }

  /** What the question itself tells the fusion: how it reads the relations and the answer asked. */
  private evidenceOf(question: QuestionReading, fusion: Readonly<FusionOptions>) {
    const { relations, linked, aboutUserOnly } = question;
    const named = new Set(linked.filter((l) => l.entity.key !== USER_ENTITY_KEY).map((l) => l.entity.uid));
    // The fit ranks facts when the question names at most one relation (a chain is the walk's;
    // two words naming one key of the user's, "What instrument do I play?", are one relation,
    // while "the director of X also directed which films" walks one key twice);
    // in a question about the user alone, only readings surer than `chainReading` make a chain.
    const chain = relations.mentions.filter((m) => !aboutUserOnly || m.weight >= fusion.chainReading);
    return {
      answerFit: this.answerFit.bind(
        this.answerFit.focus(question.query, question.nameTokens, named, question.askedKeys, {
          idiomWords: question.idiomWords,
          unheldKeys: question.unheldKeys,
          othersWords: question.othersWords,
          phrasalWords: question.phrasalWords,
        }),
      ),
      boostFit: new Set(chain.map((m) => m.id)).size <= 1 || (aboutUserOnly && namesOneRelation(chain)),
      walkRead: (key: string) => relations.matched(key).size > 0,
      keyShare: question.keyShare,
      referenceKeys: question.referenceKeys,
      asksOfTheirs: question.asksOfTheirs,
      asksOfUserAlone: question.asksOfUserAlone,
      relationsNamed: relations.mentions.length > 0,
      relationConfidence: Math.max(0, ...relations.mentions.map((m) => m.weight)),
      userNamed: question.userNamed,
      questionerUid: linked.find((l) => l.entity.key === USER_ENTITY_KEY)?.entity.uid,
    };
  }

  /** The seeds and the recalled facts' ends, best first; on equal scores a seed before what it reached. */
  private async entitiesOf(
    userId: string,
    seeds: Seeds,
    facts: readonly RecalledFact[],
    entityScores: ReadonlyMap<string, number>,
  ): Promise<RecalledEntity[]> {
    const uids = new Set(seeds.strength.keys());
    for (const fact of facts) {
      uids.add(fact.subjectUid);
      uids.add(fact.objectUid);
    }
    return (await this.store.entitiesByUids(userId, [...uids]))
      .map((entity) => ({
        uid: entity.uid,
        name: entity.name,
        type: entity.type,
        score: entityScores.get(entity.uid) ?? 0,
        via: seeds.via.get(entity.uid) ?? 'traversal',
      }))
      .sort((a, b) => b.score - a.score || VIA_RANK[a.via] - VIA_RANK[b.via] || compareUids(a.uid, b.uid));
  }

  /** Format stage: the context block, what it quotes, and the contributions only when asked. */
  private result(
    request: RecallRequest,
    facts: RecalledFact[],
    entities: RecalledEntity[],
    episodes: RecalledEpisode[],
  ): RecallResult {
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
}

/** The facts a request may see: current, as of a date, or all with their history. */
function timeScope(request: RecallRequest): TimeScope {
  if (request.includeHistory) return { mode: 'all' };
  return request.asOf ? { mode: 'asOf', asOf: request.asOf } : { mode: 'current' };
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
      ...(options.tiesByCloseness !== undefined ? { tiesByCloseness: options.tiesByCloseness } : {}),
    },
    seeds: { ...recipe.seeds, ...options.seeds },
    fusion: resolveFusionOptions(fusionFields(options), recipe.fusion),
  };
}

/**
 * A promise awaited later, after other awaits: marked handled now, so that when an earlier await
 * throws first its rejection is not reported as unhandled (awaiting it still throws).
 */
/** The predicate keys of the candidates: the facts walked and the facts similar to the question. */
function candidateKeys(walked: readonly { fact: Fact }[], similar: readonly Fact[]): Set<string> {
  return new Set([...walked.map((r) => r.fact.key), ...similar.map((f) => f.key)]);
}

function settleLater<T>(pending: Promise<T>): Promise<T> {
  pending.catch(() => undefined);
  return pending;
}

/**
 * Whether a question's relation words all name one key ("instrument" and "play", both `plays`,
 * with a sentence model's lexicon); true for no word.
 */
function namesOneRelation(mentions: readonly RelationMention[]): boolean {
  const [first, ...rest] = mentions;
  return [...(first?.keys ?? [])].some((key) => rest.every((m) => m.keys.has(key)));
}
