import { FITTED_OFFLINE } from './recipe-fitted.js';
import { FITTED_SEMANTIC } from './recipe-fitted-semantic.js';
import type {
  FitRecipe,
  FusionOptions,
  LinkRecipe,
  RankingRecipe,
  RelationRecipe,
  SearchRecipe,
  SeedWeights,
  WalkRecipe,
} from './recipe-types.js';

/** Milliseconds in a day (recency is counted in days). */
export const MS_PER_DAY = 86_400_000;

/**
 * The fusion numbers as set by hand, each for the reason its field gives: where `npm run fit`
 * starts from.
 */
export const HAND_SET_FUSION: Readonly<FusionOptions> = {
  graphWeight: 1,
  factSimilarityWeight: 0.5,
  relationSimilarityWeight: 0,
  answerFitWeight: 1,
  episodeTextWeight: 0.9,
  episodeSimilarityWeight: 0.6,
  provenanceWeight: 0.5,
  neighbourWeight: 0.5,
  whenTurnWeight: 0.5,
  bm25Half: 3,
  recencyWeight: 0.1,
  recencyHalfLifeDays: 30,
  mentionsWeight: 0.05,
  chainReading: 0.9,
  minScore: 0.1,
  speakerWeight: 0.5,
  factSimilarity: 0.35,
  relationSimilarity: 0.4,
  episodeSimilarity: 0.3,
  nearFloor: 0.3,
  nearFloorHopDecay: 0.9,
  looseReading: 0.7,
  looseReadingTrust: 0.2,
  unreadKeyDiscount: 0,
  otherKindFactor: 0.5,
  namedObjectShare: 0.9,
  theirWayShare: 0.25,
  fitTieBreak: 0.02,
  otherKindFit: 0.5,
  whMissFit: 1,
  confirmedReading: 0.9,
  fitSignal: 0.5,
  similarityGap: 0.08,
  similarityGapCut: 0,
  similarityGapKeep: 0.5,
};

/**
 * The fusion every question gets with the offline embedder (see {@link FusionOptions}): the
 * hand-set numbers with those `npm run fit` moved on training questions (`recipe-fitted.ts`).
 */
export const DEFAULT_FUSION: Readonly<FusionOptions> = { ...HAND_SET_FUSION, ...FITTED_OFFLINE.fusion };

/**
 * What changes with a semantic embedder for questions about the user (naming no entity but the
 * user, or asked in the first person): a fact's similarity to the question is a ranked signal of
 * its own (counted from a low cosine, at full weight) and the walk, which reaches all of the user's
 * facts alike, weighs less; every relation reading counts toward a chain, since similarity already
 * tells the facts apart; a key the question reads only in part ("Which group do I _love_?":
 * `loves_flower`) keeps only the share of the walk's trust its read words make up, since the
 * sentence model reads the rest; and a fact's predicate the sentence model reads as plainly close to
 * the question (a cosine above 0.4) is a signal of its own, at full weight (what WordNet does not
 * link: "What show am I hooked on?", `favorite_series`); a fact whose statement the model reads
 * as plainly farther from the question than the closest candidate's keeps a share of its score,
 * unless the walk reached it by a relation the question names (`similarity-gap.ts`).
 * Any other question naming an entity keeps the walk's weights: the walk
 * from it says what is near, and the answer at the end of a chain of relations is not like the
 * question.
 */
export const SEMANTIC_FUSION: Readonly<Partial<FusionOptions>> = {
  factSimilarityWeight: 1,
  relationSimilarityWeight: 1,
  factSimilarity: 0.1,
  graphWeight: 0.6,
  chainReading: 0,
  unreadKeyDiscount: 1,
  similarityGapCut: 0.3,
};

/**
 * The turn weights with a semantic embedder, for every question: a turn's similarity to the
 * question is evidence as good as its words', so both count at full weight.
 */
export const SEMANTIC_TURNS: Readonly<Partial<FusionOptions>> = {
  episodeSimilarityWeight: 1,
  episodeTextWeight: 1,
};

/** The seed weights: named entities are the strong signal; similar ones widen the net. */
export const DEFAULT_SEED_WEIGHTS: Readonly<SeedWeights> = {
  relationWordName: 0.2,
  lowercaseName: 0.3,
  similarWhenNamed: 0.5,
  similarWhenUnnamed: 0.9,
  similarFact: 0.5,
  unnamedUser: 0.6,
};

const SEARCH: Readonly<SearchRecipe> = {
  vectorSeeds: 5,
  minSimilarity: 0.3,
  depthPerResult: 3,
  minDepth: 30,
  spellingSeeds: 3,
  maxNameWords: 4,
  maxNameWordLength: 40,
  defaultHops: 2,
  openRelations: false,
  tiesByCloseness: false,
  turnsPerResult: 3,
  excerptChars: 280,
  excerptLead: 1 / 3,
};

const WALK: Readonly<WalkRecipe> = {
  unrelatedEdge: 0.3,
  reexpandFactor: 2,
  maxFanout: 300,
  hopDecay: 0.9,
  outOfOrder: 0.5,
  openFloor: 0.3,
  openTop: 1.15,
  coverageBase: 0.25,
  frontier: 64,
  headPerResult: 10,
  minHead: 200,
  maxHops: 3,
  repeatFactor: 0.6,
  wordOverlapBonus: 0.05,
};

const LINK: Readonly<LinkRecipe> = { maxNameWords: 10, stopWordName: 0.3, selfReference: 0.6 };

const RELATIONS: Readonly<RelationRecipe> = { minMatch: 0.5, strongMatch: 0.85, usualMatch: 0.6, tie: 0.05 };

const FIT: Readonly<FitRecipe> = {
  minRelated: 0.5,
  near: 0.7,
  frequentSenses: 3,
  questionSenses: 2,
  glossSenses: 2,
  kindScore: 0.9,
  kindRelated: 0.7,
  unknownName: 0.5,
  kindAlone: 0.8,
  otherSenseKind: 0.6,
  whScore: 0.4,
  whBonus: 0.2,
  otherRoleFactor: 0.7,
  namedObjectFactor: 0.5,
  cacheEntries: 50_000,
};

/** The recipe of the offline hashing embedder, whose cosines mostly measure spelling. */
export const OFFLINE_RECIPE: Readonly<RankingRecipe> = {
  name: 'offline',
  provenance: `Hand-set (HAND_SET_FUSION and the other stages), the fusion fitted: ${FITTED_OFFLINE.provenance}`,
  search: SEARCH,
  seeds: DEFAULT_SEED_WEIGHTS,
  link: LINK,
  relations: RELATIONS,
  walk: WALK,
  fit: FIT,
  fusion: DEFAULT_FUSION,
  aboutUser: { ...FITTED_OFFLINE.aboutUser },
  factShare: 0.6,
};

/**
 * The recipe of a semantic embedder (the in-process sentence model, or a hosted one): turns by
 * similarity as by words, facts by similarity for questions about the user, facts of equal score
 * by how close they are to the question, and the embedder's word vectors read a last relation
 * the lexicon does not.
 */
export const SEMANTIC_RECIPE: Readonly<RankingRecipe> = {
  ...OFFLINE_RECIPE,
  name: 'semantic',
  provenance: `Hand-set (HAND_SET_FUSION with SEMANTIC_TURNS, SEMANTIC_FUSION and the other stages), the fusion fitted: ${FITTED_SEMANTIC.provenance}`,
  search: { ...SEARCH, openRelations: true, tiesByCloseness: true },
  fusion: { ...HAND_SET_FUSION, ...SEMANTIC_TURNS, ...FITTED_SEMANTIC.fusion },
  aboutUser: { ...SEMANTIC_FUSION, ...FITTED_SEMANTIC.aboutUser },
};

/** The fusion settings among other options (only the numbers {@link FusionOptions} names). */
export function fusionFields(options: Partial<FusionOptions>): Partial<FusionOptions> {
  const picked: Partial<FusionOptions> = {};
  for (const key of Object.keys(DEFAULT_FUSION) as (keyof FusionOptions)[]) {
    const value = options[key];
    if (typeof value === 'number') picked[key] = value;
  }
  return picked;
}

/** Fills the defaults of {@link FusionOptions} (from `base`, the offline defaults unless given). */
export function resolveFusionOptions(
  options: Partial<FusionOptions>,
  base: Readonly<FusionOptions> = DEFAULT_FUSION,
): FusionOptions {
  return { ...base, ...fusionFields(options) };
}
