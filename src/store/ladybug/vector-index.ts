import type { ScoredEntity } from '../base.js';

/**
 * Exact cosine search over one user's entity embeddings, held in process as one contiguous
 * `Float32Array`. LadybugDB's vector index is a run-time download (unavailable offline) and
 * scanning `array_cosine_similarity` through the user's OWNS edges costs hundreds of
 * milliseconds at 40k entities, while this scan costs a few; the embedded store is the only
 * writer of its database file, so the index stays coherent with it.
 */
export class UserVectorIndex {
  private uids: string[] = [];
  private matrix: Float32Array;
  private count = 0;

  constructor(readonly dimension: number) {
    this.matrix = new Float32Array(dimension * 64);
  }

  /** Number of vectors held. */
  get size(): number {
    return this.count;
  }

  /** Adds (normalised copies of) vectors. */
  add(uid: string, vector: ArrayLike<number>): void {
    if (vector.length !== this.dimension) {
      throw new Error(`UserVectorIndex: vector of dimension ${vector.length}, expected ${this.dimension}`);
    }
    if ((this.count + 1) * this.dimension > this.matrix.length) {
      const grown = new Float32Array(this.matrix.length * 2);
      grown.set(this.matrix);
      this.matrix = grown;
    }
    let norm = 0;
    for (let i = 0; i < vector.length; i++) norm += (vector[i] ?? 0) ** 2;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const offset = this.count * this.dimension;
    for (let i = 0; i < vector.length; i++) this.matrix[offset + i] = (vector[i] ?? 0) * scale;
    this.uids.push(uid);
    this.count++;
  }

  /** The `k` most similar uids with cosine ≥ `minScore`, best first. */
  search(query: ArrayLike<number>, k: number, minScore: number): ScoredEntity[] {
    if (k <= 0 || this.count === 0) return [];
    const dim = this.dimension;
    const q = new Float32Array(dim);
    let norm = 0;
    for (let i = 0; i < dim; i++) norm += (query[i] ?? 0) ** 2;
    if (norm === 0) return [];
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < dim; i++) q[i] = (query[i] ?? 0) * scale;

    // Keep a small sorted top-k list; k is small, so insertion beats a heap here.
    const top: ScoredEntity[] = [];
    const matrix = this.matrix;
    for (let row = 0; row < this.count; row++) {
      let dot = 0;
      const offset = row * dim;
      for (let i = 0; i < dim; i++) dot += (matrix[offset + i] as number) * (q[i] as number);
      if (dot < minScore) continue;
      if (top.length === k && dot <= (top[k - 1] as ScoredEntity).score) continue;
      let at = top.length;
      while (at > 0 && (top[at - 1] as ScoredEntity).score < dot) at--;
      top.splice(at, 0, { uid: this.uids[row] as string, score: dot });
      if (top.length > k) top.pop();
    }
    return top;
  }
}
