/** A uid with a score, best first in every list. */
export interface ScoredUid {
  uid: string;
  score: number;
}

/** BM25 parameters: term-frequency saturation and length normalisation (the usual values). */
const K1 = 1.2;
const B = 0.75;

/**
 * An in-process BM25 index over short documents (conversation turns): terms are added per
 * document, scores follow Robertson's BM25 with the usual k1 = 1.2, b = 0.75 and the
 * non-negative idf `ln(1 + (N - n + 0.5) / (n + 0.5))`. Documents can be added at any time.
 */
export class Bm25Index {
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly lengths: number[] = [];
  private readonly uids: string[] = [];
  private readonly rows = new Map<string, number>();
  private totalLength = 0;

  /** Number of documents. */
  get size(): number {
    return this.uids.length;
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
        posting = new Map();
        this.postings.set(term, posting);
      }
      posting.set(row, (posting.get(row) ?? 0) + 1);
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
    const n = this.uids.length;
    if (n === 0 || k <= 0) return [];
    const average = this.totalLength / n || 1;
    const scores = new Map<number, number>();
    const weights = new Map<string, number>();
    for (const { term, weight } of extra) weights.set(term, Math.max(weights.get(term) ?? 0, weight));
    for (const term of terms) weights.set(term, 1);
    for (const [term, weight] of weights) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      const idf = weight * Math.log(1 + (n - posting.size + 0.5) / (posting.size + 0.5));
      for (const [row, tf] of posting) {
        const length = this.lengths[row] ?? 0;
        const score = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average));
        scores.set(row, (scores.get(row) ?? 0) + score);
      }
    }
    return [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, k)
      .map(([row, score]) => ({ uid: this.uids[row] as string, score }));
  }
}
