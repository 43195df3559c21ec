import type { Fact } from '../model/types.js';
import type { FactEdge, GraphStore, TimeScope } from '../store/base.js';
import { compareUids } from './order.js';
import { OFFLINE_RECIPE } from './recipe.js';
import type { WalkRecipe } from './recipe-types.js';
import type { RelationMatcher } from './relations.js';

/** A fact reached by traversal (as a bare edge, or whole), with its path score. */
export interface Reached<F extends FactEdge> {
  fact: F;
  score: number;
  hops: number;
  /** Strength of the seed the fact's path started from. */
  seed: number;
  /** The entity the path reached through this fact (its far end). */
  reachedUid: string;
}

/** A reached fact as the walk saw it: its edge. */
export type ReachedEdge = Reached<FactEdge>;

/** A reached fact, whole. */
export type ReachedFact = Reached<Fact>;

/**
 * How many of the best-scored reached facts can still rank among the first `limit` (after the
 * word-overlap bonus and the diversity pass of `rankReachedFacts`).
 */
export const headSize = (limit: number, walk: Pick<WalkRecipe, 'headPerResult' | 'minHead'>) =>
  Math.max(limit * walk.headPerResult, walk.minHead);

/** The best-scored reached facts, the only ones ranking can bring to the top `limit`, best first. */
export function reachedHead(
  reached: Iterable<ReachedEdge>,
  limit: number,
  walk: Pick<WalkRecipe, 'headPerResult' | 'minHead'> = OFFLINE_RECIPE.walk,
): ReachedEdge[] {
  return [...reached]
    .sort((a, b) => b.score - a.score || compareUids(a.fact.uid, b.fact.uid))
    .slice(0, headSize(limit, walk));
}

/** Reached edges with their facts loaded (by uid); a fact gone since the walk read it is left out. */
export function withFacts(head: readonly ReachedEdge[], facts: ReadonlyMap<string, Fact>): ReachedFact[] {
  const loaded: ReachedFact[] = [];
  for (const item of head) {
    const fact = facts.get(item.fact.uid);
    if (fact) loaded.push({ ...item, fact });
  }
  return loaded;
}

/** Options of {@link expand}. */
export interface ExpandOptions {
  hops: number;
  time: TimeScope;
  relations: RelationMatcher;
  /** The walk's numbers (edge weights, decay, caps). @default OFFLINE_RECIPE.walk */
  walk?: WalkRecipe;
  /** Entities expanded per hop (the best-scored ones). @default the walk's `frontier` */
  frontier?: number;
  /**
   * How well each predicate key fits the question's unread words, in [0, 1], for a last hop the
   * question does not name ("what types are the films penned by X": the path from X covers
   * "penned", and its last hop, to the films' genres, is named by no word the lexicon reads).
   * Without it the walk beyond the first hop follows only the relations the question names.
   */
  open?: ReadonlyMap<string, number>;
}

interface PathState {
  /** Seed strength times the weights of the edges walked so far. */
  base: number;
  /** Strength of the seed the path started from. */
  seed: number;
  /** How often each relation word was covered by the predicates walked so far. */
  covered: ReadonlyMap<string, number>;
  /** Sum of `covered`, weighted by how sure each word's match is. */
  coveredTotal: number;
  /** The fact this path arrived by (not walked back). */
  viaFact?: string;
  /**
   * The furthest place in the question's relation chain walked so far (-1: none). A fact stands
   * at the first place its relation words hold: one `starred_actors` fact covers both "appeared"
   * and "performers" of "the genres of films appeared by performers in X", and the genre after
   * it is in order.
   */
  reached: number;
  /** The predicate key and direction of the fact this path arrived by. */
  viaKey?: string;
  viaForward?: boolean;
  /** Whether the path already went back along its last relation ("films that share actors"). */
  returned?: boolean;
  /** Edges from the seed. */
  length: number;
}

/**
 * Walks the graph from seed entities along facts valid in the time scope, up to `hops` edges,
 * in both directions, scoring paths by how much of the question's relations they cover:
 * score = seed strength × Π edge weights × (base + (1 − base) × coverage) × decay^(hops-1), where an
 * edge naming a relation of the question weighs 1 and any other `unrelatedEdge` (the numbers are
 * the recipe's `walk`). A chain of relevant predicates
 * ("movies written by X" → "their actors") therefore scores its last facts highest, and
 * unrelated branches fade. Beyond the first hop only relevant predicates are followed when the
 * question names any, which keeps hubs (a genre with thousands of films) from flooding the walk;
 * at most `frontier` entities are expanded per hop.
 */
export async function expand(
  store: GraphStore,
  userId: string,
  seeds: ReadonlyMap<string, number>,
  options: ExpandOptions,
): Promise<{ facts: Map<string, ReachedEdge>; entityScores: Map<string, number> }> {
  const { relations } = options;
  const walk = options.walk ?? OFFLINE_RECIPE.walk;
  const { unrelatedEdge, reexpandFactor, maxFanout, hopDecay, outOfOrder, openFloor, openTop, coverageBase } =
    walk;
  const target = relations.targetTotal;
  const gain = (coveredTotal: number) =>
    target === 0 ? 1 : coverageBase + ((1 - coverageBase) * coveredTotal) / target;
  const cover = (state: PathState, matched: ReadonlySet<string>): PathState['covered'] => {
    if (matched.size === 0) return state.covered;
    const covered = new Map(state.covered);
    for (const word of matched) {
      const count = covered.get(word) ?? 0;
      if (count < (relations.targetCounts.get(word) ?? 0)) covered.set(word, count + 1);
    }
    return covered;
  };
  const frontierSize = options.frontier ?? walk.frontier;
  const facts = new Map<string, ReachedEdge>();
  const entityScores = new Map<string, number>(seeds);
  const states = new Map<string, PathState>();
  for (const [uid, weight] of seeds)
    states.set(uid, {
      base: weight,
      seed: weight,
      covered: new Map(),
      coveredTotal: 0,
      length: 0,
      reached: -1,
    });
  // Score each entity had when it was expanded: a much better path later expands it again (a
  // weak vector seed that turns out to lie on the question's chain).
  const expanded = new Map<string, number>();
  let frontier = [...seeds.keys()];

  for (let hop = 1; hop <= options.hops && frontier.length > 0; hop++) {
    const batch = frontier
      .filter((uid) => score(states.get(uid)) > (expanded.get(uid) ?? 0) * reexpandFactor)
      .sort((a, b) => score(states.get(b)) - score(states.get(a)) || compareUids(a, b))
      .slice(0, frontierSize);
    if (batch.length === 0) break;
    for (const uid of batch) expanded.set(uid, score(states.get(uid)));
    const inBatch = new Set(batch);
    const openHop = hop > 1 && hop === options.hops && options.open !== undefined && target > 0;
    const keys =
      hop > 1 && relations.relevantKeys.length > 0 && !openHop ? relations.relevantKeys : undefined;
    const next = new Set<string>();

    // Beyond the seeds, a hub (a year, a genre) contributes at most maxFanout facts.
    const cap = hop > 1 ? maxFanout : undefined;
    for (const fact of await store.incidentEdges(userId, batch, options.time, keys, cap)) {
      const matched = relations.matched(fact.key);
      const related = target === 0 || matched.size > 0 ? 1 : unrelatedEdge;
      // The places in the question's chain this fact's relation words hold (first and last).
      let place = -1;
      let firstPlace = Infinity;
      for (const word of matched) {
        const at = relations.order.get(word);
        if (at === undefined) continue;
        place = Math.max(place, at);
        firstPlace = Math.min(firstPlace, at);
      }
      for (const [from, to] of [
        [fact.subjectUid, fact.objectUid],
        [fact.objectUid, fact.subjectUid],
      ] as const) {
        if (!inBatch.has(from)) continue;
        const state = states.get(from) as PathState;
        if (state.viaFact === fact.uid) continue;
        // A relation the question does not name, fetched for the open last hop: followed only
        // from paths that cover every relation the question names, and not walked further.
        if (openHop && matched.size === 0) {
          if (state.coveredTotal < target * (1 - Number.EPSILON) - Number.EPSILON) continue;
          const fit = options.open?.get(fact.key) ?? 0;
          const weight = openFloor + (openTop - openFloor) * fit;
          record(
            fact,
            state.base * weight * gain(state.coveredTotal) * hopDecay ** (state.length - 1),
            state,
            to,
          );
          continue;
        }
        const forward = from === fact.subjectUid;
        const covered = cover(state, matched);
        const coveredTotal =
          covered === state.covered ? state.coveredTotal : weightedSum(covered, relations.weights);
        // A relation the question names, but already walked as often as it is named, is not part
        // of the asked chain, unless the path goes straight back along it once to a sibling
        // ("films that share actors with X": X → actor → other films).
        const exhausted = matched.size > 0 && coveredTotal <= state.coveredTotal;
        const roundTrip =
          exhausted && !state.returned && state.viaKey === fact.key && state.viaForward !== forward;
        // Out of order: back to a relation the question puts before one already walked, or ahead
        // of one it puts first that is still unwalked.
        const skipsAhead = place >= 0 && firstPlace > firstUncovered(state.covered);
        const ordered = place >= 0 && (place < state.reached || skipsAhead) ? related * outOfOrder : related;
        const edge = exhausted && !roundTrip ? unrelatedEdge : ordered;
        const length = state.length + 1;
        // An unrelated last edge gets no credit for relations covered earlier on its path: the
        // fact itself answers none of them (the path may still continue through it).
        const factGain = edge >= outOfOrder ? gain(coveredTotal) : gain(0);
        const factScore = state.base * edge * factGain * hopDecay ** (length - 1);
        record(fact, factScore, state, to);
        const candidate: PathState = {
          base: state.base * edge,
          seed: state.seed,
          covered,
          coveredTotal,
          viaFact: fact.uid,
          length,
          reached: Math.max(state.reached, place < 0 ? place : firstPlace),
          viaKey: fact.key,
          viaForward: forward,
          returned: state.returned || roundTrip,
        };
        if (
          score(candidate) > score(states.get(to)) &&
          score(candidate) > (expanded.get(to) ?? 0) * reexpandFactor
        ) {
          states.set(to, candidate);
          next.add(to);
        }
      }
    }
    frontier = [...next];
  }
  return { facts, entityScores };

  /** Keeps a fact's best path score, and the score of the entity it reaches. */
  function record(fact: FactEdge, factScore: number, state: PathState, to: string): void {
    const seen = facts.get(fact.uid);
    if (!seen || seen.score < factScore)
      facts.set(fact.uid, {
        fact,
        score: factScore,
        hops: state.length + 1,
        reachedUid: to,
        seed: state.seed,
      });
    if ((entityScores.get(to) ?? 0) < factScore) entityScores.set(to, factScore);
  }

  /** The earliest place in the question's chain not yet walked as often as it is named. */
  function firstUncovered(covered: ReadonlyMap<string, number>): number {
    let first = Infinity;
    for (const [word, count] of relations.targetCounts) {
      if ((covered.get(word) ?? 0) >= count) continue;
      const place = relations.order.get(word);
      if (place !== undefined && place < first) first = place;
    }
    return first;
  }

  function score(state: PathState | undefined): number {
    return state ? state.base * gain(state.coveredTotal) * hopDecay ** state.length : 0;
  }
}

/** Covered relation words, each occurrence weighted by how sure its match is. */
function weightedSum(counts: ReadonlyMap<string, number>, weights: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const [word, count] of counts) total += count * (weights.get(word) ?? 1);
  return total;
}
