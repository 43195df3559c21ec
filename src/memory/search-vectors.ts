import { type EmbeddingsLike, embedTexts } from '../embed/base.js';
import { EMBEDDED_TURN_CHARS } from '../model/episode-text.js';
import type { GraphStore, NewFact } from '../store/base.js';

// Episodes and facts embedded per request while migrating an older database.
const MIGRATION_BATCH = 5000;

/**
 * The embeddings that make stored turns and fact statements searchable by similarity: computed
 * on write (one request for a write's new facts), and for databases written before episode and
 * fact search existed, computed once per user on that user's first recall in a process.
 * A failed embedding request never loses a write: the turn or fact is stored without its vector
 * and embedded by the next migration.
 */
export class SearchVectors {
  private readonly migrated = new Set<string>();

  constructor(
    private readonly store: GraphStore,
    private readonly embeddings: EmbeddingsLike,
  ) {}

  /** One text's embedding, or `undefined` when the embedder failed. */
  async embedOne(text: string): Promise<number[] | undefined> {
    try {
      return (await this.embeddings.embedDocuments([text]))[0];
    } catch {
      // Stored without a vector; `migrate` embeds it on the user's next recall.
      return undefined;
    }
  }

  /**
   * Embeds the statements of new facts in one request and attaches the vectors; `embeddings`
   * overrides the embedder for one write (the one that embedded its texts before it began).
   */
  async attach(facts: NewFact[], embeddings: EmbeddingsLike = this.embeddings): Promise<void> {
    if (facts.length === 0) return;
    let vectors: ArrayLike<number>[];
    try {
      vectors = await embedTexts(
        embeddings,
        facts.map((f) => f.statement),
      );
    } catch {
      // Stored without vectors; `migrate` embeds them on the user's next recall.
      return;
    }
    facts.forEach((fact, i) => {
      const vector = vectors[i];
      if (vector) fact.vector = vector;
    });
  }

  /** Whether this process has yet to check the user for turns and facts without vectors. */
  needsMigration(userId: string): boolean {
    return !this.migrated.has(userId);
  }

  /**
   * Embeds a user's episodes and facts that have no vector yet (once per user and process). When
   * the embedder fails, recall goes on with what is searchable and the next recall tries again.
   */
  async migrate(userId: string): Promise<void> {
    if (this.migrated.has(userId)) return;
    try {
      await this.migrateAll(userId);
      this.migrated.add(userId);
    } catch (error) {
      if (!(error instanceof EmbeddingFailure)) throw error;
    }
  }

  /**
   * Embeds all of a user's episodes and facts that have no vector, failing when the embedder
   * fails (`kgmem reembed`, which must not leave a database half embedded silently).
   */
  async embedMissing(userId: string): Promise<{ episodes: number; facts: number }> {
    try {
      const counts = await this.migrateAll(userId);
      this.migrated.add(userId);
      return counts;
    } catch (error) {
      if (error instanceof EmbeddingFailure) throw error.reason;
      throw error;
    }
  }

  private async migrateAll(userId: string): Promise<{ episodes: number; facts: number }> {
    const counts = { episodes: 0, facts: 0 };
    for (;;) {
      const missing = await this.store.missingVectors(userId, MIGRATION_BATCH);
      if (missing.episodes.length === 0 && missing.facts.length === 0) break;
      const texts = [
        ...missing.episodes.map((e) => e.text.slice(0, EMBEDDED_TURN_CHARS)),
        ...missing.facts.map((f) => f.statement),
      ];
      let vectors: number[][];
      try {
        vectors = await this.embeddings.embedDocuments(texts);
      } catch (error) {
        throw new EmbeddingFailure(error);
      }
      if (vectors.length !== texts.length || vectors.some((v) => !v || v.length === 0)) {
        throw new EmbeddingFailure(
          new Error(`the embedder returned ${vectors.length} vectors for ${texts.length} texts`),
        );
      }
      const episodes = missing.episodes.map((e, i) => ({ ...e, vector: vectors[i] ?? [] }));
      const facts = missing.facts.map((f, i) => ({
        uid: f.uid,
        subjectUid: f.subjectUid,
        vector: vectors[missing.episodes.length + i] ?? [],
      }));
      await this.store.setVectors(userId, { episodes, facts });
      counts.episodes += episodes.length;
      counts.facts += facts.length;
      if (missing.episodes.length < MIGRATION_BATCH && missing.facts.length < MIGRATION_BATCH) break;
    }
    return counts;
  }
}

/** The embedder failed during a migration (retried on the next recall). */
class EmbeddingFailure extends Error {
  override readonly name = 'EmbeddingFailure';
  constructor(readonly reason: unknown) {
    super(`embedding failed: ${String(reason)}`);
  }
}
