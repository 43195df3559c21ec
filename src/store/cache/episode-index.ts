import { searchTerms } from '../../model/text.js';
import type { EpisodeQuery, ScoredEntity } from '../base.js';
import { GENERAL_CONCEPT_SHARE, turnTerms, weightedTerms } from '../episode-terms.js';
import { type Bm25Data, Bm25Index } from './bm25.js';
import { UserVectorIndex, type VectorIndexData } from './vector-index.js';

/** An {@link EpisodeIndex} as plain data (for a snapshot). */
export interface EpisodeIndexData {
  text: Bm25Data;
  concepts: Bm25Data;
  vectors: VectorIndexData;
  /** Per thread: its id, its turns' uids and times (ms). */
  threads: [threadId: string, uids: string[], at: number[]][];
  withoutVector: number;
}

/**
 * One user's stored turns, searchable in process: a BM25 index over their words, a second one
 * over the concepts of their words (WordNet ancestors, `ConceptReader`), and an exact cosine
 * index over their embeddings. Built from the database on first use and kept in step
 * with every episode this process stores (the embedded store is the only writer of its file).
 */
export class EpisodeIndex {
  private text = new Bm25Index();
  private concepts = new Bm25Index();
  private vectors: UserVectorIndex;
  // Each thread's turns in time order (sorted when read after a change).
  private readonly threads = new Map<string, { uid: string; at: number }[]>();
  private readonly threadOf = new Map<string, string>();
  private readonly unsorted = new Set<string>();
  private withoutVector = 0;

  constructor(dimension: number) {
    this.vectors = new UserVectorIndex(dimension);
  }

  /** The index as plain data ({@link EpisodeIndex.fromData} reads it back). */
  toData(): EpisodeIndexData {
    return {
      text: this.text.toData(),
      concepts: this.concepts.toData(),
      vectors: this.vectors.toData(),
      threads: [...this.threads].map(([threadId, turns]) => [
        threadId,
        turns.map((t) => t.uid),
        turns.map((t) => t.at),
      ]),
      withoutVector: this.withoutVector,
    };
  }

  /** An index from {@link toData}'s data (taken over, not copied). */
  static fromData(data: EpisodeIndexData): EpisodeIndex {
    const index = new EpisodeIndex(data.vectors.dimension);
    index.text = Bm25Index.fromData(data.text);
    index.concepts = Bm25Index.fromData(data.concepts);
    index.vectors = UserVectorIndex.fromData(data.vectors);
    for (const [threadId, uids, at] of data.threads) {
      index.threads.set(
        threadId,
        uids.map((uid, i) => ({ uid, at: at[i] ?? 0 })),
      );
      for (const uid of uids) index.threadOf.set(uid, threadId);
      index.unsorted.add(threadId);
    }
    index.withoutVector = data.withoutVector;
    return index;
  }

  /** Episodes held. */
  get size(): number {
    return this.text.size;
  }

  /** Episodes held that have no embedding (stored while the embedder failed, or before turns had one). */
  get missingVectors(): number {
    return this.withoutVector;
  }

  /** What the index takes in memory, approximately (bytes): both BM25 indexes, the vectors, the threads. */
  get approxBytes(): number {
    return (
      this.text.approxBytes + this.concepts.approxBytes + this.vectors.approxBytes + this.threadOf.size * 150
    );
  }

  /** Adds one episode (its text, and its embedding when it has one). */
  add(uid: string, text: string, vector: ArrayLike<number> | undefined, threadId: string, at: Date): void {
    if (this.text.has(uid)) return;
    const { terms, conceptTerms } = turnTerms(text);
    this.text.add(uid, terms);
    this.concepts.add(uid, conceptTerms);
    if (vector) this.vectors.add(uid, vector);
    else this.withoutVector++;
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

  /** The full-text ranking of a query: BM25 over the turns' words, plus their concepts when asked. */
  searchText(query: Omit<EpisodeQuery, 'vector' | 'minSimilarity'>): ScoredEntity[] {
    const concepts = weightedTerms(query.concepts ?? []);
    const words = searchTerms(query.text);
    const expansion = weightedTerms(query.expansion ?? []);
    // With concepts, the two fields' scores of every turn either finds are added up (BM25F-style:
    // each field's weight is in its terms) before the best are taken.
    return concepts.length > 0
      ? best(
          addScores(
            this.text.scores(words, expansion),
            this.concepts.scores([], concepts, GENERAL_CONCEPT_SHARE),
          ),
          query.k,
        )
      : this.text.search(words, query.k, expansion);
  }

  /** The `k` turns most similar to `vector` (exact cosine), at least `minScore`. */
  searchVectors(vector: ArrayLike<number>, k: number, minScore: number): ScoredEntity[] {
    return this.vectors.search(vector, k, minScore);
  }
}

/** The second field's scores added into the first's. */
function addScores(into: Map<string, number>, more: ReadonlyMap<string, number>): Map<string, number> {
  for (const [uid, score] of more) into.set(uid, (into.get(uid) ?? 0) + score);
  return into;
}

/**
 * The `k` best turns of a score map, best first (equal scores by uid): one pass keeping the best
 * `k` so far, since a concept search scores most of a big user's turns.
 */
function best(scores: ReadonlyMap<string, number>, k: number): ScoredEntity[] {
  const before = (a: ScoredEntity, b: ScoredEntity) =>
    a.score > b.score || (a.score === b.score && a.uid < b.uid);
  const top: ScoredEntity[] = [];
  if (k <= 0) return top;
  for (const [uid, score] of scores) {
    const hit = { uid, score };
    if (top.length === k && !before(hit, top[k - 1] as ScoredEntity)) continue;
    let at = top.length === k ? k - 1 : top.length;
    while (at > 0 && before(hit, top[at - 1] as ScoredEntity)) {
      top[at] = top[at - 1] as ScoredEntity;
      at--;
    }
    top[at] = hit;
  }
  return top;
}
