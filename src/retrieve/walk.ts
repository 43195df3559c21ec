import type { Fact } from '../model/types.js';
import type { GraphStore, TimeScope } from '../store/base.js';
import { inScope } from './evidence.js';
import { expand, type ReachedEdge, type ReachedFact, reachedHead, withFacts } from './expand.js';
import { rankReachedFacts } from './graph-rank.js';
import { compareUids } from './order.js';
import type { QuestionReading } from './question.js';
import type { WalkRecipe } from './recipe-types.js';
import type { Seeds } from './seeds.js';

/** Facts similar to the question, most similar first, and their cosines. */
export interface SimilarFacts {
  facts: Fact[];
  cosines: Map<string, number>;
}

/** What one walk needs besides the seeds. */
export interface WalkInput {
  userId: string;
  question: QuestionReading;
  time: TimeScope;
  vector: ArrayLike<number>;
  /** Similar facts read at most. */
  depth: number;
  /** Least cosine of a similar fact. */
  factSimilarity: number;
  /** Whether the cosines of the walk's head are read whatever they are, to tell ties apart. */
  closeness: boolean;
  limit: number;
  walk: WalkRecipe;
  /** How well each predicate fits the question's unread words (an open last hop). */
  open?: ReadonlyMap<string, number>;
}

/**
 * Gather stage, similar facts for a question that names no entity: the facts whose statements
 * resemble it, in the time scope, most similar first (their ends then seed the walk).
 */
export async function similarFactsOf(store: GraphStore, input: WalkInput): Promise<SimilarFacts> {
  const hits = await store.similarFacts(input.userId, input.vector, input.depth, input.factSimilarity);
  const cosines = new Map(hits.map((h) => [h.uid, h.score]));
  const loaded = await store.factsByUids(input.userId, [...cosines.keys()]);
  return { facts: ordered(cosines, new Map(loaded.map((f) => [f.uid, f])), input.time), cosines };
}

/**
 * Walk and gather stages: walks from the seeds (`expand`), keeps the head of what it reached
 * (what ranking can still bring to the top), compares that head with the question when no
 * similar facts were read yet (a named entity keeps the walk where the question is: only the
 * facts around it need comparing) while it loads the head's facts, which hold every fact so compared.
 */
export async function walkFrom(
  store: GraphStore,
  seeds: Seeds,
  input: WalkInput,
  similarRead: SimilarFacts | undefined,
): Promise<{
  walked: ReachedFact[];
  similar: SimilarFacts;
  /** The cosines to the question of the head's facts, however low (`closeness`), else the similar ones'. */
  closeness: ReadonlyMap<string, number>;
  entityScores: Map<string, number>;
}> {
  const { userId, question, limit, walk } = input;
  const { facts: reached, entityScores } =
    seeds.strength.size === 0
      ? { facts: new Map<string, ReachedEdge>(), entityScores: new Map<string, number>() }
      : await expand(store, userId, seeds.strength, {
          hops: question.hops,
          time: input.time,
          relations: question.relations,
          walk,
          ...(input.open ? { open: input.open } : {}),
        });
  const head = reachedHead(reached.values(), limit, walk);
  const [read, headFacts] = await Promise.all([
    similarRead?.cosines ?? headCosines(store, input, head),
    store.factsByUids(
      userId,
      head.map((r) => r.fact.uid),
    ),
  ]);
  const loaded = new Map(headFacts.map((f) => [f.uid, f]));
  const cosines = new Map([...read].filter(([, cosine]) => cosine >= input.factSimilarity));
  const similar = similarRead ?? { facts: ordered(cosines, loaded, input.time), cosines };
  const walked = rankReachedFacts(withFacts(head, loaded), question.tokens, limit, walk);
  return { walked, similar, closeness: read, entityScores };
}

/**
 * The `depth` facts of the walk's head most similar to the question, from the similarity floor
 * up (from the lowest cosine when `closeness` is asked). Only the head is compared, not every
 * fact a hub question reaches (thousands): a fact ranked below the head does not enter by
 * similarity alone.
 */
async function headCosines(
  store: GraphStore,
  input: WalkInput,
  head: readonly ReachedEdge[],
): Promise<Map<string, number>> {
  const hits = await store.similarFacts(
    input.userId,
    input.vector,
    input.depth,
    input.closeness ? -1 : input.factSimilarity,
    head.map((r) => r.fact.uid),
  );
  return new Map(hits.map((h) => [h.uid, h.score]));
}

/** The loaded facts of the cosines, in the time scope, most similar first. */
function ordered(
  cosines: ReadonlyMap<string, number>,
  loaded: ReadonlyMap<string, Fact>,
  time: TimeScope,
): Fact[] {
  return [...cosines.keys()]
    .flatMap((uid) => loaded.get(uid) ?? [])
    .filter((f) => inScope(f, time))
    .sort((a, b) => (cosines.get(b.uid) ?? 0) - (cosines.get(a.uid) ?? 0) || compareUids(a.uid, b.uid));
}
