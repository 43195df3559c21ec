import { Bm25Index } from './bm25.js';
import { searchTerms } from '../../model/text.js';
import type { EpisodeHits, EpisodeQuery } from '../base.js';
import { UserVectorIndex } from './vector-index.js';

/**
 * One user's stored turns, searchable in process: a BM25 index over their words and an exact
 * cosine index over their embeddings. Built from the database on first use and kept in step
 * with every episode this process stores (the embedded store is the only writer of its file).
 */
export class EpisodeIndex {
  private readonly text = new Bm25Index();
  private readonly vectors: UserVectorIndex;

  constructor(dimension: number) {
    this.vectors = new UserVectorIndex(dimension);
  }

  /** Episodes held. */
  get size(): number {
    return this.text.size;
  }

  /** Adds one episode (its text, and its embedding when it has one). */
  add(uid: string, text: string, vector: ArrayLike<number> | undefined): void {
    if (this.text.has(uid)) return;
    this.text.add(uid, searchTerms(text));
    if (vector) this.vectors.add(uid, vector);
  }

  /** Both rankings for a query. */
  search(query: EpisodeQuery): EpisodeHits {
    return {
      text: this.text.search(searchTerms(query.text), query.k),
      vector: query.vector ? this.vectors.search(query.vector, query.k, query.minSimilarity) : [],
    };
  }
}
