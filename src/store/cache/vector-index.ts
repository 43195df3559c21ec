import type { ScoredEntity } from '../base.js';

/** A vector index as plain arrays: what a snapshot stores and loads back. */
export interface VectorIndexData {
  dimension: number;
  uids: string[];
  /** Row `i`'s non-zero entries are `offsets[i]` up to `offsets[i + 1]`. */
  offsets: Uint32Array;
  dims: Uint16Array;
  values: Float32Array;
}

// A row's uid string and its map entry, roughly.
const ROW_BYTES = 120;
const INITIAL_ROWS = 16;
const INITIAL_ENTRIES = 256;

/**
 * Exact cosine search over one user's vectors (entity names, fact statements or turns), held in
 * process. LadybugDB's vector index is a run-time download (unavailable offline) and scanning
 * `array_cosine_similarity` costs hundreds of milliseconds at 40k entities; this scan costs a
 * few. Vectors are normalised on insert and kept row by row with only their non-zero entries
 * (hashing embeddings have a few dozen of 256; a dense embedding keeps all of them), so memory
 * follows what the index holds. The embedded store is the only writer of its database file, so
 * the index stays coherent with it.
 */
export class UserVectorIndex {
  private uids: string[] = [];
  private readonly rows = new Map<string, number>();
  private offsets: Uint32Array = new Uint32Array(INITIAL_ROWS + 1);
  private dims: Uint16Array = new Uint16Array(INITIAL_ENTRIES);
  private values: Float32Array = new Float32Array(INITIAL_ENTRIES);
  private count = 0;

  constructor(readonly dimension: number) {
    if (dimension > 65_535) throw new Error(`UserVectorIndex: dimension ${dimension} is over 65535`);
  }

  /** An index holding exactly the given arrays (a snapshot's). */
  static fromData(data: VectorIndexData): UserVectorIndex {
    const index = new UserVectorIndex(data.dimension);
    index.uids = data.uids;
    index.count = data.uids.length;
    index.offsets = data.offsets;
    index.dims = data.dims;
    index.values = data.values;
    for (const [row, uid] of data.uids.entries()) index.rows.set(uid, row);
    return index;
  }

  /** Whether a vector is held for this uid. */
  has(uid: string): boolean {
    return this.rows.has(uid);
  }

  /** Number of vectors held. */
  get size(): number {
    return this.count;
  }

  /** Number of distinct uids held. */
  get uidCount(): number {
    return this.rows.size;
  }

  /** Bytes the vectors take (what a cache limit counts). */
  get bytes(): number {
    return this.offsets.byteLength + this.dims.byteLength + this.values.byteLength;
  }

  /** What the index takes in memory, approximately: its arrays and, per row, its uid and map entry. */
  get approxBytes(): number {
    return this.bytes + this.rows.size * ROW_BYTES;
  }

  /** The held vectors as arrays sized to what they hold. */
  toData(): VectorIndexData {
    const entries = this.offsets[this.count] ?? 0;
    return {
      dimension: this.dimension,
      uids: this.uids.slice(0, this.count),
      offsets: this.offsets.slice(0, this.count + 1),
      dims: this.dims.slice(0, entries),
      values: this.values.slice(0, entries),
    };
  }

  /** Adds a normalised copy of a vector. */
  add(uid: string, vector: ArrayLike<number>): void {
    if (vector.length !== this.dimension) {
      throw new Error(`UserVectorIndex: vector of dimension ${vector.length}, expected ${this.dimension}`);
    }
    let norm = 0;
    let nonZero = 0;
    for (let i = 0; i < vector.length; i++) {
      const x = vector[i] ?? 0;
      norm += x * x;
      if (x !== 0) nonZero++;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    if (this.count + 2 > this.offsets.length) this.offsets = grow(this.offsets, this.count + 2);
    const start = this.offsets[this.count] ?? 0;
    if (start + nonZero > this.values.length) {
      this.dims = grow(this.dims, start + nonZero);
      this.values = grow(this.values, start + nonZero);
    }
    let at = start;
    for (let d = 0; d < vector.length; d++) {
      const x = vector[d] ?? 0;
      if (x === 0) continue;
      this.dims[at] = d;
      this.values[at] = x * scale;
      at++;
    }
    this.offsets[this.count + 1] = at;
    this.uids[this.count] = uid;
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
    const q = this.normalised(query);
    if (!q || k <= 0) return [];
    const hits: ScoredEntity[] = [];
    for (const uid of new Set(uids)) {
      const row = this.rows.get(uid);
      if (row === undefined) continue;
      const score = this.dot(row, q);
      if (score >= minScore) hits.push({ uid, score });
    }
    return hits.sort((a, b) => b.score - a.score || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0)).slice(0, k);
  }

  /** The `k` most similar uids with cosine ≥ `minScore`, best first. */
  search(query: ArrayLike<number>, k: number, minScore: number): ScoredEntity[] {
    if (k <= 0 || this.count === 0) return [];
    const q = this.normalised(query);
    if (!q) return [];
    // Keep a small sorted top-k list; k is small, so insertion beats a heap here.
    const top: ScoredEntity[] = [];
    let floor = minScore;
    for (let row = 0; row < this.count; row++) {
      const score = this.dot(row, q);
      if (score < floor) continue;
      let at = top.length;
      while (at > 0 && (top[at - 1] as ScoredEntity).score < score) at--;
      top.splice(at, 0, { uid: this.uids[row] as string, score });
      if (top.length > k) top.pop();
      if (top.length === k) floor = Math.max(minScore, (top[k - 1] as ScoredEntity).score);
    }
    return top;
  }

  private normalised(query: ArrayLike<number>): Float32Array | undefined {
    let norm = 0;
    for (let i = 0; i < this.dimension; i++) norm += (query[i] ?? 0) ** 2;
    if (norm === 0) return undefined;
    const scale = 1 / Math.sqrt(norm);
    const q = new Float32Array(this.dimension);
    for (let i = 0; i < this.dimension; i++) q[i] = (query[i] ?? 0) * scale;
    return q;
  }

  private dot(row: number, q: Float32Array): number {
    const end = this.offsets[row + 1] as number;
    let score = 0;
    for (let at = this.offsets[row] as number; at < end; at++)
      score += (this.values[at] as number) * (q[this.dims[at] as number] as number);
    return score;
  }
}

function grow<T extends Uint32Array | Uint16Array | Float32Array>(array: T, needed: number): T {
  let size = Math.max(array.length, 1);
  while (size < needed) size *= 2;
  const grown = new (array.constructor as new (n: number) => T)(size);
  grown.set(array);
  return grown;
}
