import { bm25Idf, bm25TermScore } from '../episode-terms.js';

/** A uid with a score, best first in every list. */
export interface ScoredUid {
  uid: string;
  score: number;
}

/** A {@link Bm25Index} as plain data (for a snapshot): documents, lengths, and each term's postings. */
export interface Bm25Data {
  uids: string[];
  lengths: number[];
  /** Per term: the term, the rows of the documents holding it (ascending) and its count in each. */
  postings: [term: string, rows: number[], counts: number[]][];
}

/**
 * An in-process BM25 index over short documents (conversation turns): terms are added per
 * document, scores follow Robertson's BM25 with the usual k1 = 1.2, b = 0.75 and the
 * non-negative idf `ln(1 + (N - n + 0.5) / (n + 0.5))`. Documents can be added at any time.
 */
export class Bm25Index {
  // Per term, the rows of the documents holding it (ascending: rows only grow) and its count in each.
  private readonly postings = new Map<string, { rows: number[]; counts: number[] }>();
  private readonly lengths: number[] = [];
  private readonly uids: string[] = [];
  private readonly rows = new Map<string, number>();
  private totalLength = 0;
  // Postings entries (a term in a document), for `approxBytes`.
  private entries = 0;

  /** Number of documents. */
  get size(): number {
    return this.uids.length;
  }

  /**
   * What the index takes in memory, approximately (bytes): per postings entry two array slots,
   * per term its string and lists, per document its uid, row and length.
   */
  get approxBytes(): number {
    return this.entries * 16 + this.postings.size * 160 + this.uids.length * 130;
  }

  /** The index as plain data ({@link Bm25Index.fromData} reads it back). */
  toData(): Bm25Data {
    return {
      uids: [...this.uids],
      lengths: [...this.lengths],
      postings: [...this.postings].map(([term, { rows, counts }]) => [term, [...rows], [...counts]]),
    };
  }

  /** An index from {@link toData}'s data (taken over, not copied). */
  static fromData(data: Bm25Data): Bm25Index {
    const index = new Bm25Index();
    for (const [row, uid] of data.uids.entries()) {
      index.uids.push(uid);
      index.rows.set(uid, row);
      const length = data.lengths[row] ?? 0;
      index.lengths.push(length);
      index.totalLength += length;
    }
    for (const [term, rows, counts] of data.postings) {
      index.postings.set(term, { rows, counts });
      index.entries += rows.length;
    }
    return index;
  }

  /** Whether a document is indexed. */
  has(uid: string): boolean {
    return this.rows.has(uid);
  }

  /** Indexes a document's terms (a document already indexed is left as it is). */
  add(uid: string, terms: readonly string[]): void {
    if (this.rows.has(uid)) return;
    const row = this.uids.length;
    this.uids.push(uid);
    this.rows.set(uid, row);
    this.lengths.push(terms.length);
    this.totalLength += terms.length;
    for (const term of terms) {
      let posting = this.postings.get(term);
      if (!posting) {
        posting = { rows: [], counts: [] };
        this.postings.set(term, posting);
      }
      const last = posting.rows.length - 1;
      if (posting.rows[last] === row) posting.counts[last] = (posting.counts[last] as number) + 1;
      else {
        posting.rows.push(row);
        posting.counts.push(1);
        this.entries++;
      }
    }
  }

  /**
   * The `k` best documents for the query terms (each distinct term counted once), best first.
   * `extra` terms (query expansion) count with their weight; a term also in the query counts once.
   */
  search(
    terms: readonly string[],
    k: number,
    extra: readonly { term: string; weight: number }[] = [],
  ): ScoredUid[] {
    if (k <= 0) return [];
    const { scores, matched } = this.rowScores(terms, extra, 1);
    return matched
      .sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b)
      .slice(0, k)
      .map((row) => ({ uid: this.uids[row] as string, score: scores[row] as number }));
  }

  /**
   * Every matching document's score for the query terms (as {@link search} ranks them), unsorted.
   * Terms found in more than `maxShare` of the documents are left out: their idf is next to
   * nothing (at most ln 2 for a half), and their postings are the longest to walk.
   */
  scores(
    terms: readonly string[],
    extra: readonly { term: string; weight: number }[] = [],
    maxShare = 1,
  ): Map<string, number> {
    const { scores, matched } = this.rowScores(terms, extra, maxShare);
    const result = new Map<string, number>();
    for (const row of matched) result.set(this.uids[row] as string, scores[row] as number);
    return result;
  }

  private rowScores(
    terms: readonly string[],
    extra: readonly { term: string; weight: number }[],
    maxShare: number,
  ): { scores: Float64Array; matched: number[] } {
    const n = this.uids.length;
    const scores = new Float64Array(n);
    const seen = new Uint8Array(n);
    const matched: number[] = [];
    if (n === 0) return { scores, matched };
    const average = this.totalLength / n || 1;
    const weights = new Map<string, number>();
    for (const { term, weight } of extra) weights.set(term, Math.max(weights.get(term) ?? 0, weight));
    for (const term of terms) weights.set(term, 1);
    for (const [term, weight] of weights) {
      const posting = this.postings.get(term);
      if (!posting || posting.rows.length > maxShare * n) continue;
      const df = posting.rows.length;
      const idf = weight * bm25Idf(n, df);
      const { rows, counts } = posting;
      for (let i = 0; i < df; i++) {
        const row = rows[i] as number;
        const tf = counts[i] as number;
        const length = this.lengths[row] as number;
        if (seen[row] === 0) {
          seen[row] = 1;
          matched.push(row);
        }
        scores[row] = (scores[row] as number) + bm25TermScore(idf, tf, length, average);
      }
    }
    return { scores, matched };
  }
}
