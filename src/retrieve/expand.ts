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
  const walker = new Walker(seeds, options);
  let frontier = [...seeds.keys()];
  for (let hop = 1; hop <= options.hops && frontier.length > 0; hop++) {
    const batch = walker.batch(frontier);
    if (batch.length === 0) break;
    const openHop = hop > 1 && hop === options.hops && options.open !== undefined && walker.target > 0;
    const relevant = options.relations.relevantKeys;
    const keys = hop > 1 && relevant.length > 0 && !openHop ? relevant : undefined;
    // Beyond the seeds, a hub (a year, a genre) contributes at most `maxFanout` facts.
    const cap = hop > 1 ? walker.walk.maxFanout : undefined;
    const edges = await store.incidentEdges(userId, batch, options.time, keys, cap);
    frontier = walker.step(new Set(batch), edges, openHop);
  }
  return { facts: walker.facts, entityScores: walker.entityScores };
}

/** The state of one walk: the best path to each entity, and what it reached. */
class Walker {
  readonly walk: WalkRecipe;
  readonly target: number;
  readonly facts = new Map<string, ReachedEdge>();
  readonly entityScores: Map<string, number>;
  private readonly relations: RelationMatcher;
  private readonly states = new Map<string, PathState>();
  // Score each entity had when it was expanded: a much better path later expands it again (a
  // weak vector seed that turns out to lie on the question's chain).
  private readonly expanded = new Map<string, number>();

  constructor(
    seeds: ReadonlyMap<string, number>,
    private readonly options: ExpandOptions,
  ) {
    this.walk = options.walk ?? OFFLINE_RECIPE.walk;
    this.relations = options.relations;
    this.target = options.relations.targetTotal;
    this.entityScores = new Map(seeds);
    for (const [uid, weight] of seeds)
      this.states.set(uid, {
        base: weight,
        seed: weight,
        covered: new Map(),
        coveredTotal: 0,
        length: 0,
        reached: -1,
      });
  }

  /** The entities of the frontier expanded this hop: the best, unless expanded before as well. */
  batch(frontier: readonly string[]): string[] {
    const batch = frontier
      .filter(
        (uid) => this.score(this.states.get(uid)) > (this.expanded.get(uid) ?? 0) * this.walk.reexpandFactor,
      )
      .sort((a, b) => this.score(this.states.get(b)) - this.score(this.states.get(a)) || compareUids(a, b))
      .slice(0, this.options.frontier ?? this.walk.frontier);
    for (const uid of batch) this.expanded.set(uid, this.score(this.states.get(uid)));
    return batch;
  }

  /** Walks every edge of the batch, both ways; returns the entities to expand next. */
  step(inBatch: ReadonlySet<string>, edges: readonly FactEdge[], openHop: boolean): string[] {
    const next = new Set<string>();
    for (const fact of edges) {
      const matched = this.relations.matched(fact.key);
      for (const [from, to] of [
        [fact.subjectUid, fact.objectUid],
        [fact.objectUid, fact.subjectUid],
      ] as const) {
        if (!inBatch.has(from)) continue;
        const state = this.states.get(from) as PathState;
        if (state.viaFact === fact.uid) continue;
        // A relation the question does not name, fetched for the open last hop: followed only
        // from paths that cover every relation the question names, and not walked further.
        if (openHop && matched.size === 0) this.stepOpen(fact, state, to);
        else if (this.stepNamed(fact, matched, state, from, to)) next.add(to);
      }
    }
    return [...next];
  }

  /** An open last hop: weighed by how well its relation fits the question's unread words. */
  private stepOpen(fact: FactEdge, state: PathState, to: string): void {
    if (state.coveredTotal < this.target * (1 - Number.EPSILON) - Number.EPSILON) return;
    const { openFloor, openTop, hopDecay } = this.walk;
    const weight = openFloor + (openTop - openFloor) * (this.options.open?.get(fact.key) ?? 0);
    this.record(
      fact,
      state.base * weight * this.gain(state.coveredTotal) * hopDecay ** (state.length - 1),
      state,
      to,
    );
  }

  /**
   * One edge along the named relations (or any, at the first hop): the fact's score, and the
   * path it extends when that path is the best to its far end. Returns whether it is.
   */
  private stepNamed(
    fact: FactEdge,
    matched: ReadonlySet<string>,
    state: PathState,
    from: string,
    to: string,
  ): boolean {
    const { unrelatedEdge, outOfOrder, hopDecay, reexpandFactor } = this.walk;
    const related = this.target === 0 || matched.size > 0 ? 1 : unrelatedEdge;
    const { place, firstPlace } = this.places(matched);
    const forward = from === fact.subjectUid;
    const covered = this.cover(state, matched);
    const coveredTotal =
      covered === state.covered ? state.coveredTotal : weightedSum(covered, this.relations.weights);
    // A relation the question names, but already walked as often as it is named, is not part
    // of the asked chain, unless the path goes straight back along it once to a sibling
    // ("films that share actors with X": X → actor → other films).
    const exhausted = matched.size > 0 && coveredTotal <= state.coveredTotal;
    const roundTrip =
      exhausted && !state.returned && state.viaKey === fact.key && state.viaForward !== forward;
    // Out of order: back to a relation the question puts before one already walked, or ahead
    // of one it puts first that is still unwalked.
    const skipsAhead = place >= 0 && firstPlace > this.firstUncovered(state.covered);
    const ordered = place >= 0 && (place < state.reached || skipsAhead) ? related * outOfOrder : related;
    const edge = exhausted && !roundTrip ? unrelatedEdge : ordered;
    const length = state.length + 1;
    // An unrelated last edge gets no credit for relations covered earlier on its path: the fact
    // itself answers none of them (the path may still continue through it).
    const factGain = edge >= outOfOrder ? this.gain(coveredTotal) : this.gain(0);
    this.record(fact, state.base * edge * factGain * hopDecay ** (length - 1), state, to);
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
    const better =
      this.score(candidate) > this.score(this.states.get(to)) &&
      this.score(candidate) > (this.expanded.get(to) ?? 0) * reexpandFactor;
    if (better) this.states.set(to, candidate);
    return better;
  }

  /** The places in the question's chain a fact's relation words hold (last and first). */
  private places(matched: ReadonlySet<string>): { place: number; firstPlace: number } {
    let place = -1;
    let firstPlace = Infinity;
    for (const word of matched) {
      const at = this.relations.order.get(word);
      if (at === undefined) continue;
      place = Math.max(place, at);
      firstPlace = Math.min(firstPlace, at);
    }
    return { place, firstPlace };
  }

  /** The relation words a path covers after walking a fact that names `matched`. */
  private cover(state: PathState, matched: ReadonlySet<string>): PathState['covered'] {
    if (matched.size === 0) return state.covered;
    const covered = new Map(state.covered);
    for (const word of matched) {
      const count = covered.get(word) ?? 0;
      if (count < (this.relations.targetCounts.get(word) ?? 0)) covered.set(word, count + 1);
    }
    return covered;
  }

  /** A path's share of a full score for the relations it covers. */
  private gain(coveredTotal: number): number {
    const base = this.walk.coverageBase;
    return this.target === 0 ? 1 : base + ((1 - base) * coveredTotal) / this.target;
  }

  /** Keeps a fact's best path score, and the score of the entity it reaches. */
  private record(fact: FactEdge, factScore: number, state: PathState, to: string): void {
    const seen = this.facts.get(fact.uid);
    if (!seen || seen.score < factScore)
      this.facts.set(fact.uid, {
        fact,
        score: factScore,
        hops: state.length + 1,
        reachedUid: to,
        seed: state.seed,
      });
    if ((this.entityScores.get(to) ?? 0) < factScore) this.entityScores.set(to, factScore);
  }

  /** The earliest place in the question's chain not yet walked as often as it is named. */
  private firstUncovered(covered: ReadonlyMap<string, number>): number {
    let first = Infinity;
    for (const [word, count] of this.relations.targetCounts) {
      if ((covered.get(word) ?? 0) >= count) continue;
      const place = this.relations.order.get(word);
      if (place !== undefined && place < first) first = place;
    }
    return first;
  }

  private score(state: PathState | undefined): number {
    return state ? state.base * this.gain(state.coveredTotal) * this.walk.hopDecay ** state.length : 0;
  }
}

/** Covered relation words, each occurrence weighted by how sure its match is. */
function weightedSum(counts: ReadonlyMap<string, number>, weights: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const [word, count] of counts) total += count * (weights.get(word) ?? 1);
  return total;
}
