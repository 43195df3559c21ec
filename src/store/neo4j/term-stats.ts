import { luceneTerm, termQuery } from './queries.js';
import type { Neo4jStatementRunner } from './statement-runner.js';
import { WriteKeyedCache } from './write-keyed-cache.js';

// Users whose turn statistics one store keeps (the one read longest ago is dropped first).
const COUNTED_USERS = 1000;
// Terms counted per statement: each is one full-text query on the server.
const TERMS_PER_READ = 200;

/** The two full-text fields of a turn: its words' terms and its concept terms. */
export type TermField = 'words' | 'concepts';

/** What BM25 needs of one user's turns, per field: how many turns, their length in all, and per term how many hold it. */
export interface UserTermStats {
  /** The user's turns. */
  readonly documents: number;
  /** Terms in all the user's turns, per field (their average length is this over `documents`). */
  readonly length: Readonly<Record<TermField, number>>;
  /** Per field, per term counted so far: how many of the user's turns hold it. */
  readonly holding: Readonly<Record<TermField, ReadonlyMap<string, number>>>;
}

interface KeptStats extends UserTermStats {
  readonly holding: Record<TermField, Map<string, number>>;
}

/**
 * Each user's turn statistics for full-text scoring on Neo4j, where Lucene's own count every
 * user's turns in one index: the user's turn count and the total length of each field (read with
 * the user's state, which every write of a turn keeps), and the document frequency of each term a
 * search needs (one full-text count per term), kept with the user's write count and counted again
 * only when it moved. So a user's scores do not depend on what other users said, and are the
 * embedded store's.
 */
export class Neo4jTermStats {
  private readonly kept = new WriteKeyedCache<KeptStats>(COUNTED_USERS);

  constructor(private readonly run: Neo4jStatementRunner) {}

  /** The user's statistics with the document frequencies of these terms counted. */
  async of(userId: string, terms: Readonly<Record<TermField, readonly string[]>>): Promise<UserTermStats> {
    const state = await this.run.userState(userId);
    let stats = this.kept.get(userId, state.writes);
    if (!stats) {
      stats = {
        documents: state.episodes.own,
        length: state.termLengths ?? (await this.countedLengths(userId)),
        holding: { words: new Map(), concepts: new Map() },
      };
      this.kept.set(userId, state.writes, stats);
    }
    const kept = stats;
    await Promise.all(
      (['words', 'concepts'] as const).map((field) =>
        this.count(
          userId,
          field,
          [...new Set(terms[field])].filter((t) => !kept.holding[field].has(t)),
          kept,
        ),
      ),
    );
    return kept;
  }

  /** Forgets the statistics kept of a user (of every user without one): a write changed them. */
  forget(userId?: string): void {
    this.kept.forget(userId);
  }

  /** The field lengths of a user without totals (written before they were kept): counted. */
  private async countedLengths(userId: string): Promise<Record<TermField, number>> {
    const [row] = await this.run.read('episodes-term-lengths', { userId });
    return { words: Number(row?.termLength ?? 0), concepts: Number(row?.conceptTermLength ?? 0) };
  }

  private async count(userId: string, field: TermField, terms: string[], into: KeptStats): Promise<void> {
    if (into.documents === 0) {
      for (const term of terms) into.holding[field].set(term, 0);
      return;
    }
    for (let start = 0; start < terms.length; start += TERMS_PER_READ) {
      const batch = terms.slice(start, start + TERMS_PER_READ);
      const params = { userId, queries: batch.map((term) => termQuery(userId, luceneTerm(term))) };
      const rows =
        field === 'words'
          ? await this.run.read('episodes-term-counts', params)
          : await this.run.read('episodes-concept-term-counts', params);
      for (const row of rows) {
        const term = batch[Number(row.i)];
        if (term !== undefined) into.holding[field].set(term, Number(row.documents ?? 0));
      }
    }
  }
}
