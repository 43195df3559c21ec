import { searchTerms } from '../../model/text.js';
import { bm25Idf, bm25TermScore, GENERAL_CONCEPT_SHARE, weightedTerms } from '../episode-terms.js';
import type { EpisodeQuery, ScoredEntity } from '../records.js';
import type { Row } from '../rows.js';
import type { TextSearch } from '../search-port.js';
import { luceneTerm, MAX_QUERY_TERMS, termQuery } from './queries.js';
import type { Neo4jStatementRunner } from './statement-runner.js';
import { Neo4jTermStats, type TermField, type UserTermStats } from './term-stats.js';

// Each full-text field returns this many times the hits wanted as candidates, scored again with
// the user's own statistics before the best are taken.
const CANDIDATE_DEPTH = 4;

/** A candidate turn: the terms of both its fields, as stored (space-separated). */
interface Candidate {
  words: string[];
  concepts: string[];
}

/** Weighted query terms per field: a query's own words weigh 1, its expansion and concepts their weight. */
type QueryWeights = Record<TermField, Map<string, number>>;

/**
 * Full-text search of turns scored as the embedded store scores them (`episode-terms.ts`): the
 * same terms, in fields Lucene indexes without analysing them further (whitespace). Lucene finds
 * the candidates (each field's best, the user's key required); each is scored again with BM25
 * over the user's own turns — their count, average lengths and document frequencies
 * (`Neo4jTermStats`), not Lucene's, which count every user's — so a user's scores are the
 * embedded store's and do not move with what other users say. Concepts more than half of the
 * user's turns have are not scored, as there.
 */
export class Neo4jTextSearch implements TextSearch {
  private readonly stats: Neo4jTermStats;

  constructor(private readonly run: Neo4jStatementRunner) {
    this.stats = new Neo4jTermStats(run);
  }

  /** Forgets the statistics kept of a user (of every user without one): a write changed them. */
  forget(userId?: string): void {
    this.stats.forget(userId);
  }

  async searchEpisodes(
    userId: string,
    query: Omit<EpisodeQuery, 'vector' | 'minSimilarity'>,
  ): Promise<ScoredEntity[]> {
    if (query.k <= 0) return [];
    const weights = queryWeights(query);
    const k = query.k * CANDIDATE_DEPTH;
    const words = luceneQueryOf(weights.words);
    const concepts = luceneQueryOf(weights.concepts);
    // The two searches are independent: the server runs them at once.
    const [byWords, byConcepts] = await Promise.all([
      words ? this.run.read('episodes-fulltext', { userId, query: termQuery(userId, words), k }) : [],
      concepts
        ? this.run.read('episodes-concepts-fulltext', { userId, query: termQuery(userId, concepts), k })
        : [],
    ]);
    const candidates = candidatesOf([...byWords, ...byConcepts]);
    if (candidates.size === 0) return [];
    const stats = await this.stats.of(userId, {
      words: heldTerms(weights.words, candidates, 'words'),
      concepts: heldTerms(weights.concepts, candidates, 'concepts'),
    });
    return [...candidates]
      .map(([uid, candidate]) => ({ uid, score: turnScore(candidate, weights, stats) }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || a.uid.localeCompare(b.uid))
      .slice(0, query.k);
  }
}

/**
 * The query's terms per field with their weights, as the embedded store weighs them: the
 * expansion's terms by their highest weight, the query's own words at 1; concepts by weight.
 */
function queryWeights(query: Omit<EpisodeQuery, 'vector' | 'minSimilarity'>): QueryWeights {
  const words = new Map<string, number>();
  for (const { term, weight } of weightedTerms(query.expansion ?? [])) words.set(term, weight);
  for (const term of searchTerms(query.text)) words.set(term, 1);
  const concepts = new Map(weightedTerms(query.concepts ?? []).map(({ term, weight }) => [term, weight]));
  return { words, concepts };
}

/**
 * A field's terms as one Lucene query: heaviest first (the query's own words weigh 1), within
 * Lucene's limit on clauses (a long turn's own words alone can pass it); each weight a boost.
 */
function luceneQueryOf(weights: ReadonlyMap<string, number>): string {
  return [...weights]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_QUERY_TERMS)
    .map(([term, weight]) => (weight === 1 ? luceneTerm(term) : `${luceneTerm(term)}^${weight.toFixed(3)}`))
    .join(' ');
}

/** The candidate turns of both searches by uid, each with both fields' terms. */
function candidatesOf(rows: readonly Row[]): Map<string, Candidate> {
  const candidates = new Map<string, Candidate>();
  for (const row of rows)
    candidates.set(String(row.uid), { words: splitTerms(row.terms), concepts: splitTerms(row.conceptTerms) });
  return candidates;
}

function splitTerms(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter((term) => term.length > 0) : [];
}

/** The query's terms of a field that some candidate holds (the only ones whose counts can score). */
function heldTerms(
  weights: ReadonlyMap<string, number>,
  candidates: ReadonlyMap<string, Candidate>,
  field: TermField,
): string[] {
  const held = new Set<string>();
  for (const candidate of candidates.values())
    for (const term of candidate[field]) if (weights.has(term)) held.add(term);
  return [...held];
}

/** A turn's BM25 score over both fields with the user's statistics: the two fields' scores added. */
function turnScore(candidate: Candidate, weights: QueryWeights, stats: UserTermStats): number {
  return (
    fieldScore(candidate.words, weights.words, stats, 'words', 1) +
    fieldScore(candidate.concepts, weights.concepts, stats, 'concepts', GENERAL_CONCEPT_SHARE)
  );
}

/** One field's BM25 score of a turn; terms held by more than `maxShare` of the turns left out. */
function fieldScore(
  terms: readonly string[],
  weights: ReadonlyMap<string, number>,
  stats: UserTermStats,
  field: TermField,
  maxShare: number,
): number {
  if (terms.length === 0 || weights.size === 0 || stats.documents === 0) return 0;
  const counts = new Map<string, number>();
  for (const term of terms) if (weights.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
  const average = stats.length[field] / stats.documents || 1;
  let score = 0;
  for (const [term, count] of counts) {
    const holding = stats.holding[field].get(term) ?? 0;
    if (holding === 0 || holding > maxShare * stats.documents) continue;
    const idf = (weights.get(term) ?? 0) * bm25Idf(stats.documents, holding);
    score += bm25TermScore(idf, count, terms.length, average);
  }
  return score;
}
