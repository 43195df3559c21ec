import { episodeText } from '../model/episode-text.js';
import type { MissingVectors, Statement, VectorUpdate } from './records.js';
import { episodeFromRow, factVectorId, type Row } from './rows.js';

/**
 * The statements that store the vectors (and texts) of a user's episodes and facts that lacked
 * them; none when there is nothing to store. `encodeVector` gives a vector as the backend takes it.
 */
export function setVectorStatements(
  userId: string,
  update: VectorUpdate,
  encodeVector: (vector: ArrayLike<number>) => unknown,
): Statement[] {
  const statements: Statement[] = [];
  if (update.episodes.length > 0) {
    statements.push({
      name: 'episodes-set-vectors',
      params: {
        userId,
        rows: update.episodes.map((e) => ({ uid: e.uid, text: e.text, vector: encodeVector(e.vector) })),
      },
    });
  }
  if (update.facts.length > 0) {
    statements.push({
      name: 'facts-set-vectors',
      params: {
        userId,
        rows: update.facts.map((f) => ({
          id: factVectorId(userId, f.uid),
          uid: f.uid,
          subjectUid: f.subjectUid,
          vector: encodeVector(f.vector),
        })),
      },
    });
  }
  return statements;
}

/** The episodes and facts without a vector, from the rows of their two statements. */
export function missingVectorsFromRows(
  userId: string,
  episodes: readonly Row[],
  facts: readonly Row[],
): MissingVectors {
  return {
    episodes: episodes.map((r) => ({
      uid: String(r.uid),
      text: episodeText(episodeFromRow(r, userId).messages),
    })),
    facts: facts.map((r) => ({
      uid: String(r.uid),
      subjectUid: String(r.subjectUid),
      statement: String(r.statement),
    })),
  };
}
