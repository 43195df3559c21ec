import { searchTerms } from '../../model/text.js';
import type { EpisodeHits, EpisodeQuery } from '../base.js';
import { Bm25Index } from './bm25.js';
import { UserVectorIndex } from './vector-index.js';

/**
 * One user's stored turns, searchable in process: a BM25 index over their words and an exact
 * cosine index over their embeddings. Built from the database on first use and kept in step
 * with every episode this process stores (the embedded store is the only writer of its file).
 */
export class EpisodeIndex {
  private readonly text = new Bm25Index();
  private readonly vectors: UserVectorIndex;
  // Each thread's turns in time order (sorted when read after a change).
  private readonly threads = new Map<string, { uid: string; at: number }[]>();
  private readonly threadOf = new Map<string, string>();
  private readonly unsorted = new Set<string>();

  constructor(dimension: number) {
    this.vectors = new UserVectorIndex(dimension);
  }

  /** Episodes held. */
  get size(): number {
    return this.text.size;
  }

  /** Adds one episode (its text, and its embedding when it has one). */
  add(uid: string, text: string, vector: ArrayLike<number> | undefined, threadId: string, at: Date): void {
    if (this.text.has(uid)) return;
    this.text.add(uid, searchTerms(text));
    if (vector) this.vectors.add(uid, vector);
    const turns = this.threads.get(threadId) ?? [];
    turns.push({ uid, at: at.getTime() });
    this.threads.set(threadId, turns);
    this.threadOf.set(uid, threadId);
    this.unsorted.add(threadId);
  }

  /** The turns just before and after each episode in its thread. */
  neighbours(uids: readonly string[], window: number): Map<string, string[]> {
    const result = new Map<string, string[]>();
    for (const uid of uids) {
      const threadId = this.threadOf.get(uid);
      if (threadId === undefined) continue;
      const turns = this.threads.get(threadId) ?? [];
      if (this.unsorted.delete(threadId)) turns.sort((a, b) => a.at - b.at || a.uid.localeCompare(b.uid));
      const at = turns.findIndex((t) => t.uid === uid);
      result.set(
        uid,
        [...turns.slice(Math.max(0, at - window), at), ...turns.slice(at + 1, at + 1 + window)].map(
          (t) => t.uid,
        ),
      );
    }
    return result;
  }

  /** Both rankings for a query. */
  search(query: EpisodeQuery): EpisodeHits {
    return {
      text: this.text.search(
        searchTerms(query.text),
        query.k,
        (query.expansion ?? []).flatMap(({ word, weight }) =>
          searchTerms(word).map((term) => ({ term, weight })),
        ),
      ),
      vector: query.vector ? this.vectors.search(query.vector, query.k, query.minSimilarity) : [],
    };
  }
}
