import type { Fact } from '../model/types.js';
import type { GraphStore, TimeScope } from '../store/base.js';
import type { PredicateRelevance } from './predicate-relevance.js';

/** A fact reached by traversal, with its path score. */
export interface ReachedFact {
  fact: Fact;
  score: number;
  hops: number;
}

/** Options of {@link expand}. */
export interface ExpandOptions {
  hops: number;
  time: TimeScope;
  relevance: PredicateRelevance;
  /**
   * Entities expanded per hop (the best-scored ones): keeps 3 hops bounded on hub-heavy graphs.
   * @default 24
   */
  frontier?: number;
}

// Weight kept by an edge whose predicate says nothing about the question.
const BASE_EDGE_WEIGHT = 0.3;
// Per-hop decay, so nearer facts win ties.
const HOP_DECAY = 0.85;

/**
 * Walks the graph from seed entities along facts valid in the time scope, up to `hops` edges,
 * in both directions. A fact's score is the weight of the entity it was reached from times the
 * predicate's relevance to the question; the entity at its other end inherits that score, so
 * chains of relevant predicates carry weight from hop to hop while unrelated branches fade.
 * Only the best `frontier` entities are expanded at each hop.
 */
export async function expand(
  store: GraphStore,
  userId: string,
  seeds: ReadonlyMap<string, number>,
  options: ExpandOptions,
): Promise<{ facts: Map<string, ReachedFact>; entityScores: Map<string, number> }> {
  const frontierSize = options.frontier ?? 24;
  const facts = new Map<string, ReachedFact>();
  const entityScores = new Map<string, number>(seeds);
  const expanded = new Set<string>();
  let frontier = new Map(seeds);

  for (let hop = 1; hop <= options.hops && frontier.size > 0; hop++) {
    const batch = [...frontier.entries()]
      .filter(([uid]) => !expanded.has(uid))
      .sort((a, b) => b[1] - a[1])
      .slice(0, frontierSize);
    if (batch.length === 0) break;
    for (const [uid] of batch) expanded.add(uid);
    const weights = new Map(batch);
    const next = new Map<string, number>();
    const decay = HOP_DECAY ** (hop - 1);

    for (const fact of await store.incidentFacts(
      userId,
      batch.map(([uid]) => uid),
      options.time,
    )) {
      const edge = BASE_EDGE_WEIGHT + (1 - BASE_EDGE_WEIGHT) * options.relevance.score(fact.key);
      for (const [from, to] of [
        [fact.subjectUid, fact.objectUid],
        [fact.objectUid, fact.subjectUid],
      ] as const) {
        const weight = weights.get(from);
        if (weight === undefined) continue;
        const score = weight * edge * decay;
        const seen = facts.get(fact.uid);
        if (!seen || seen.score < score) facts.set(fact.uid, { fact, score, hops: hop });
        if (!expanded.has(to) && (next.get(to) ?? 0) < weight * edge) next.set(to, weight * edge);
        if ((entityScores.get(to) ?? 0) < score) entityScores.set(to, score);
      }
    }
    frontier = next;
  }
  return { facts, entityScores };
}
