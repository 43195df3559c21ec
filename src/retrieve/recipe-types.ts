/**
 * The shape of a ranking recipe: every weight, floor, cap and threshold recall uses, grouped by
 * the stage that uses it. The values live in `recipe.ts`; no other module of `src/retrieve` holds
 * a tuning number.
 */

/**
 * How recall fuses its signals. Each signal gives candidates a calibrated score in [0, 1] (the
 * walk's path score relative to its best, times how sure the walk's start is; cosines rescaled
 * above their floor; BM25 as `s / (s + bm25Half)`; for a turn, the best fused score of the
 * recalled facts it is the source of); a noisy-OR (`fuse.ts`) with the weights below turns them
 * into one score per fact and per turn. A lift (the question's fit, a turn that says when) raises a
 * score s by `g · s · (1 − s)` for its gain g in [0, 1]; a cut (recency, mentions, a reading of
 * another kind) keeps a share of it; so every score stays in [0, 1]. Candidates whose fused and
 * fitted score is below `minScore` are not returned.
 */
export interface FusionOptions {
  /** The graph walk's path scores of facts: the walk from what the question names says what is near. */
  graphWeight: number;
  /** Facts by similarity of their statements to the question. */
  factSimilarityWeight: number;
  /**
   * Facts by similarity of their predicate's words to the question: a sentence model reads the
   * relation asked as the question's words do ("What show am I hooked on?": `favorite_series`),
   * where WordNet knows no link, and apart from the object's words, which a statement's own
   * similarity mixes in. Only facts that are candidates already; a hashing embedder's vectors
   * count shared spellings, which the lexicon reads better (0 offline: nothing is embedded).
   */
  relationSimilarityWeight: number;
  /** How much a fact whose predicate and object fit what the question asks rises above the rest. */
  answerFitWeight: number;
  /** Turns by full text (BM25). */
  episodeTextWeight: number;
  /** Turns by similarity of their embeddings. */
  episodeSimilarityWeight: number;
  /** Turns lifted by the recalled facts they are the source of (their words mostly count already). */
  provenanceWeight: number;
  /** The share of a found turn's score its neighbours in the thread get: answers often follow questions. */
  neighbourWeight: number;
  /** How much a turn that says when ("last Friday") rises, for a question asking when. */
  whenTurnWeight: number;
  /** The BM25 score that counts as half sure (a couple of the query's rarer words). */
  bm25Half: number;
  /** How much more the newest candidate keeps than an old one: of two equal facts the newer is likelier current. */
  recencyWeight: number;
  /** Recency halves every this many days before the newest candidate. */
  recencyHalfLifeDays: number;
  /** How much more the most mentioned fact keeps than one said once: what is said often matters more. */
  mentionsWeight: number;
  /**
   * In a question about the user alone, how surely a relation word must be read to count toward a
   * chain of relations (which the walk ranks and the fit then leaves alone): a loose reading
   * should not keep the fit from ranking.
   */
  chainReading: number;
  /** Fused scores below this are not returned. */
  minScore: number;
  /**
   * The gain of every turn when the question names the user by name ("What did Caroline
   * research?" asked of Caroline's memory and of her friend's): the named person's own turns are
   * the likelier evidence, which counts when turns of several memories are ranked together.
   */
  speakerWeight: number;
  /** Least cosine of a fact statement to count as similar. */
  factSimilarity: number;
  /**
   * Least cosine of a predicate's words to the question to count as similar: a few words' cosines
   * lie close together (a hobby is near an occupation), so only a plainly close predicate counts.
   */
  relationSimilarity: number;
  /** Least cosine of a turn to count as similar. */
  episodeSimilarity: number;
  /** The least graph evidence of a fact one hop from the walk's start: it is about what the question names. */
  nearFloor: number;
  /** The near floor's decay per hop beyond the first. */
  nearFloorHopDecay: number;
  /** The confidence of a relation reading at which the walk's ranking is trusted least (a loose WordNet link). */
  looseReading: number;
  /** How much the walk's ranking is trusted at or below a loose reading. */
  looseReadingTrust: number;
  /**
   * How much of the walk's trust a fact loses for the share of its predicate's words the question
   * does not read: "Which group do I _love_?" reads `loves_flower` by its verb only, and a verb
   * shared by chance says less than a key read whole.
   */
  unreadKeyDiscount: number;
  /** The share a fact read only through a rare sense keeps when another fact offers the kind asked. */
  otherKindFactor: number;
  /** The share a fact leading to an entity the question names keeps when that entity's own facts are candidates. */
  namedObjectShare: number;
  /**
   * The share the user's fact leading to someone of theirs keeps when the question asks of that
   * one alone ("What is my husband's profession?"): the way to the answer, never the answer.
   */
  theirWayShare: number;
  /** The most a fitting fact gains from the question's function word and kind of answer, among facts that fit alike. */
  fitTieBreak: number;
  /** The share of its fit a fact keeps when its object is of another kind than the one asked. */
  otherKindFit: number;
  /**
   * The share of its fit a fact keeps when its object is known not to be of the kind the question
   * word asks for (no person for "who", no time for "when") while another candidate is.
   */
  whMissFit: number;
  /**
   * With a sentence model, the cosine below the closest candidate's beyond which a fact's
   * statement reads as plainly farther from the question (`similarity-gap.ts`).
   */
  similarityGap: number;
  /**
   * The share of its score a fact plainly farther from the question than the closest candidate
   * loses: the model's closeness outweighs a word shared by chance or a fit of the answer's kind
   * (0: nothing is cut; the offline embedder reads no such cosines).
   */
  similarityGapCut: number;
  /**
   * The graph score at which a fact keeps its score however far the model reads it: the walk
   * reached it by a relation the question's words name, a reading the lexicon knows and the
   * model may miss ("hometown", `is_from`).
   */
  similarityGapKeep: number;
  /** A fit's own relation reading this strong confirms the walk's reading. */
  confirmedReading: number;
  /** The least fit that names the answer-fit signal among a fact's signals. */
  fitSignal: number;
}

/** The weight each kind of seed starts the walk with, as a share of how sure its match is. */
export interface SeedWeights {
  /** A one-word name that is also a relation word of the question ("director"): likelier the relation. */
  relationWordName: number;
  /** A one-word name written in lower case inside the question ("rose" in "who gave me a rose"). */
  lowercaseName: number;
  /** An entity similar to the question when the question names an entity: it only widens the net. */
  similarWhenNamed: number;
  /** An entity similar to the question when it names none: the similar ones are all there is. */
  similarWhenUnnamed: number;
  /** The ends of a fact whose statement is similar to the question, times its similarity. */
  similarFact: number;
  /**
   * The user's own entity when the question names no one but asks a relation of the graph
   * ("Which city is home?"): one person's memory is asked about that person, as surely as "my"
   * says it (the link stage's `selfReference`).
   */
  unnamedUser: number;
}

/** What recall reads before it scores. */
export interface SearchRecipe {
  /** Similar entities added as seeds. */
  vectorSeeds: number;
  /** Least cosine of a similar entity to seed the walk. */
  minSimilarity: number;
  /** Turns and similar facts read per result asked for: ranking needs more candidates than it returns. */
  depthPerResult: number;
  /** The fewest turns and similar facts read. */
  minDepth: number;
  /** Near spellings sought for a question that links no entity ("Interstelar"). */
  spellingSeeds: number;
  /** The most words a misspelt name is sought with: a longer rest is a sentence, not a name. */
  maxNameWords: number;
  /** The longest word sought as a misspelt name. */
  maxNameWordLength: number;
  /** Hops walked when the question names no relation. */
  defaultHops: number;
  /** Whether a semantic embedder reads a last relation the lexicon does not (`OpenRelationReader`). */
  openRelations: boolean;
  /**
   * Whether facts of equal score fall to the one whose statement is closest to the question,
   * however far below the similarity floor: a sentence model's cosine says what a statement
   * means, so the closest of facts the walk finds alike is the likelier answer; a hashing
   * embedder's only counts shared spellings, which the walk and the fit already weigh.
   */
  tiesByCloseness: boolean;
  /** Stored turns loaded per result asked for, before the time scope and the cut. */
  turnsPerResult: number;
  /** Characters of a turn quoted around its best match. */
  excerptChars: number;
  /** The share of the quote that comes before the best match. */
  excerptLead: number;
}

/** The graph walk (`expand.ts`) and the ranking of what it reached (`graph-rank.ts`). */
export interface WalkRecipe {
  /** Weight of an edge whose predicate names none of the question's relations. */
  unrelatedEdge: number;
  /** How much better a new path must be to expand an already expanded entity again. */
  reexpandFactor: number;
  /** Facts taken per expanded entity after the first hop: a hub contributes no more. */
  maxFanout: number;
  /** Per-hop decay, so that of two equally relevant paths the shorter wins. */
  hopDecay: number;
  /** The weight of an edge that walks the question's chain of relations out of order. */
  outOfOrder: number;
  /** An open last hop's weight when its relation fits the question's unread words least. */
  openFloor: number;
  /** An open last hop's weight when its relation fits best: a clear fit makes its facts the answer. */
  openTop: number;
  /** A path's score before it covers any relation word, as a share of a full cover. */
  coverageBase: number;
  /** Entities expanded per hop (the best-scored ones): keeps three hops bounded. */
  frontier: number;
  /** Reached facts kept per result asked for: only these can still reach the top. */
  headPerResult: number;
  /** The fewest reached facts kept. */
  minHead: number;
  /** The most hops a question's relations make the walk take. */
  maxHops: number;
  /** Each earlier fact that reached the same entity lowers a fact's score by this factor: more answers fit the context. */
  repeatFactor: number;
  /** The most a fact's statement sharing the question's words raises its path score (breaks near-ties). */
  wordOverlapBonus: number;
}

/** Linking the question's words to entity names (`link.ts`). */
export interface LinkRecipe {
  /** The longest name, in words, looked up. */
  maxNameWords: number;
  /** How sure a name that is a lone stop word is. */
  stopWordName: number;
  /** How sure "I", "me" or "my" names the user. */
  selfReference: number;
}

/** Reading the question's words as relations (`relations.ts`). */
export interface RelationRecipe {
  /** Below this lexicon score a word does not name a predicate (two WordNet links apart count). */
  minMatch: number;
  /**
   * A match this strong may name several predicates at once; a weaker one names only one: the
   * best, or, among several alike, the one the word's most frequent sense names at least
   * `usualMatch` surely (if one only, and not for a word naming the answer's kind: "which person").
   */
  strongMatch: number;
  /**
   * How surely a loose word's most frequent sense must name a predicate to choose it among several
   * it reads alike: a definition, or a compound naming the kind above it ("career": a line of
   * work); two WordNet links apart ("tell" and "name") is too loose to choose by.
   */
  usualMatch: number;
  /** Keys within this much of a word's best key are matched too. */
  tie: number;
}

/** How well a fact answers what the question asks (`answer-fit.ts`). */
export interface FitRecipe {
  /** Below this a word says nothing about a fact. */
  minRelated: number;
  /** One WordNet link apart, reading the question word in its frequent senses only. */
  near: number;
  /** The question word's senses counted as frequent. */
  frequentSenses: number;
  /** The question word's senses read against a predicate's word ("company" as a firm, not companionship). */
  questionSenses: number;
  /** Senses whose definitions are read (the predicate's word gets one more). */
  glossSenses: number;
  /** A question word that is a kind of the object ("instrument" for "cello"): as sure as a derivation. */
  kindScore: number;
  /** The least relatedness of a question word to the object's head for it to name the object's kind. */
  kindRelated: number;
  /** How surely a name WordNet does not know answers "where" or "who". */
  unknownName: number;
  /** The share of its kind's score a fact keeps when the question's words do not name its predicate. */
  kindAlone: number;
  /** A question word that is a kind above a later sense of the object only. */
  otherSenseKind: number;
  /** How much the kind the question word asks for ("who": a person) says on its own. */
  whScore: number;
  /** The share of the remaining doubt that kind removes when the question's words already name the fact. */
  whBonus: number;
  /** The share of its fit an object that is a role of its own, other than the one asked, keeps. */
  otherRoleFactor: number;
  /** The share of its fit a fact leading to an entity the question names keeps. */
  namedObjectFactor: number;
  /** Readings kept in each cache before it is cleared (bounds memory). */
  cacheEntries: number;
}

/**
 * Every number recall ranks with, by stage. Pass one to `RetrieverOptions.recipe` (or
 * `memory` options `recall.recipe`) to rank your own way; `kgmem recall --explain` shows what
 * each signal contributed.
 */
export interface RankingRecipe {
  /** Which recipe this is. */
  name: string;
  /** Where its numbers come from (data, method, date). */
  provenance: string;
  search: SearchRecipe;
  seeds: SeedWeights;
  link: LinkRecipe;
  relations: RelationRecipe;
  walk: WalkRecipe;
  fit: FitRecipe;
  /** Fusion for every question. */
  fusion: FusionOptions;
  /**
   * Fusion, over the rest, for questions about the user: those that name no entity but the user,
   * and those the user asks in the first person (`QuestionReading.aboutUser`).
   */
  aboutUser: Partial<FusionOptions>;
  /** The share of the context block's budget facts may fill before turns get theirs (facts are denser). */
  factShare: number;
}

/** What `npm run fit` writes: the fusion numbers it moved from their hand-set start, and where they come from. */
export interface FittedFusion {
  readonly fusion: Readonly<Partial<FusionOptions>>;
  readonly aboutUser?: Readonly<Partial<FusionOptions>>;
  /** The mean training objective the fitted numbers reach (`npm run fit` reproduces it). */
  readonly objective?: number;
  readonly provenance: string;
}
