import type { ScoredEntity } from '../base.js';

/**
 * Exact cosine search over one user's entity embeddings, held in process. LadybugDB's vector
 * index is a run-time download (unavailable offline) and scanning `array_cosine_similarity`
 * through the user's OWNS edges costs hundreds of milliseconds at 40k entities; this scan costs
 * a few. Vectors are normalised on insert and stored column by column, so a query accumulates
 * one dimension at a time over contiguous memory and skips its zero dimensions (hashing
 * embeddings are sparse). The embedded store is the only writer of its database file, so the
 * index stays coherent with it.
 */
export class UserVectorIndex {
  private uids: string[] = [];
  private readonly rows = new Map<string, number>();
  private columns: Float32Array[];
  private capacity = 64;
  private count = 0;

  constructor(readonly dimension: number) {
    this.columns = Array.from({ length: dimension }, () => new Float32Array(this.capacity));
  }

  /** Number of vectors held. */
  get size(): number {
    return this.count;
  }

  /** Adds a normalised copy of a vector. */
  add(uid: string, vector: ArrayLike<number>): void {
    if (vector.length !== this.dimension) {
      throw new Error(`UserVectorIndex: vector of dimension ${vector.length}, expected ${this.dimension}`);
    }
    if (this.count === this.capacity) {
      this.capacity *= 2;
      this.columns = this.columns.map((column) => {
        const grown = new Float32Array(this.capacity);
        grown.set(column);
        return grown;
      });
    }
    let norm = 0;
    for (let i = 0; i < vector.length; i++) norm += (vector[i] ?? 0) ** 2;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < this.dimension; d++)
      (this.columns[d] as Float32Array)[this.count] = (vector[d] ?? 0) * scale;
    this.uids.push(uid);
    this.rows.set(uid, this.count);
    this.count++;
  }

  /** The cosine of the query with each of the given uids held, ≥ `minScore`, best first. */
  searchAmong(
    uids: readonly string[],
    query: ArrayLike<number>,
    k: number,
    minScore: number,
  ): ScoredEntity[] {
    let norm = 0;
    for (let i = 0; i < this.dimension; i++) norm += (query[i] ?? 0) ** 2;
    if (norm === 0 || k <= 0) return [];
    const scale = 1 / Math.sqrt(norm);
    const hits: ScoredEntity[] = [];
    for (const uid of new Set(uids)) {
      const row = this.rows.get(uid);
      if (row === undefined) continue;
      let score = 0;
      for (let d = 0; d < this.dimension; d++) {
        const weight = query[d] ?? 0;
        if (weight !== 0) score += ((this.columns[d] as Float32Array)[row] as number) * weight;
      }
      score *= scale;
      if (score >= minScore) hits.push({ uid, score });
    }
    return hits.sort((a, b) => b.score - a.score).slice(0, k);
  }

  /** The `k` most similar uids with cosine ≥ `minScore`, best first. */
  search(query: ArrayLike<number>, k: number, minScore: number): ScoredEntity[] {
    if (k <= 0 || this.count === 0) return [];
    let norm = 0;
    for (let i = 0; i < this.dimension; i++) norm += (query[i] ?? 0) ** 2;
    if (norm === 0) return [];
    const scale = 1 / Math.sqrt(norm);
    const n = this.count;
    const scores = new Float32Array(n);
    for (let d = 0; d < this.dimension; d++) {
      const weight = (query[d] ?? 0) * scale;
      if (weight === 0) continue;
      const column = this.columns[d] as Float32Array;
      for (let row = 0; row < n; row++)
        scores[row] = (scores[row] as number) + (column[row] as number) * weight;
    }
    // Keep a small sorted top-k list; k is small, so insertion beats a heap here.
    const top: ScoredEntity[] = [];
    let floor = minScore;
    for (let row = 0; row < n; row++) {
      const score = scores[row] as number;
      if (score < floor) continue;
      let at = top.length;
      while (at > 0 && (top[at - 1] as ScoredEntity).score < score) at--;
      top.splice(at, 0, { uid: this.uids[row] as string, score });
      if (top.length > k) top.pop();
      if (top.length === k) floor = Math.max(minScore, (top[k - 1] as ScoredEntity).score);
    }
    return top;
  }
}
