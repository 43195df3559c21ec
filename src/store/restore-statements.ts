import { storedObservations } from './observations.js';
import type { RestoreBatch, Statement } from './records.js';
import { entityKeyId } from './rows.js';

// Rows per statement of a restore (all statements run in one transaction).
const RESTORE_CHUNK = 2000;

/** How a backend takes what a restore writes. */
export interface RestoreEncoding {
  /** An entity embedding as the backend's statements take it. */
  embedding(vector: ArrayLike<number>): unknown;
  /** A fact's or turn's vector as the backend's statements take it. */
  vector(vector: ArrayLike<number> | undefined): unknown;
  /** The statement that creates restored facts with per-row times and provenance. */
  factsStatement: string;
  /** One row of `episodes-restore`. */
  episodeRow(
    episode: RestoreBatch['episodes'][number],
    vector: ArrayLike<number> | undefined,
  ): Record<string, unknown>;
}

/**
 * The statements of a restore of one user, in order (user, entities and keys, facts, closings,
 * turns), each in chunks of rows; they run in one transaction.
 */
export function restoreStatements(
  userId: string,
  batch: RestoreBatch,
  encoding: RestoreEncoding,
): Statement[] {
  const chunks = <T>(items: readonly T[], size = RESTORE_CHUNK): T[][] => {
    const out: T[][] = [];
    for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
    return out;
  };
  const statements: Statement[] = [{ name: 'user-merge', params: { userId, at: new Date().toISOString() } }];
  for (const rows of chunks(batch.entities)) {
    statements.push({
      name: 'entities-restore',
      params: {
        userId,
        rows: rows.map((e) => ({
          uid: e.uid,
          key: e.key,
          name: e.name,
          type: e.type,
          summary: e.summary,
          aliases: e.aliases,
          aliasText: e.aliases.join(' '),
          embedding: encoding.embedding(e.embedding),
          createdAt: e.createdAt,
          updatedAt: e.updatedAt,
          mentions: e.mentions,
        })),
      },
    });
  }
  const keys = batch.entities.flatMap((e) =>
    e.aliases.map((key) => ({ id: entityKeyId(userId, key), key, entityUid: e.uid })),
  );
  for (const rows of chunks(keys)) statements.push({ name: 'entity-keys-create', params: { userId, rows } });
  for (const rows of chunks(batch.facts)) {
    statements.push({
      name: encoding.factsStatement,
      params: {
        userId,
        rows: rows.map((f) => ({
          uid: f.uid,
          subjectUid: f.subjectUid,
          objectUid: f.objectUid,
          predicate: f.predicate,
          key: f.key,
          statement: f.statement,
          confidence: f.confidence,
          validFrom: f.validFrom,
          createdAt: f.createdAt,
          episodeIds: f.episodeIds,
          mentions: f.mentions,
          ...storedObservations(f),
          vector: encoding.vector(f.vector),
        })),
      },
    });
  }
  const closed = batch.facts.filter((f) => f.validTo !== null);
  for (const rows of chunks(closed)) {
    statements.push({
      name: 'facts-invalidate',
      params: {
        userId,
        rows: rows.map((f) => ({
          uid: f.uid,
          subjectUid: f.subjectUid,
          validTo: f.validTo as Date,
          invalidatedBy: f.invalidatedBy ?? '',
          supersededBy: f.supersededBy ?? '',
        })),
      },
    });
  }
  for (const rows of chunks(batch.episodes)) {
    statements.push({
      name: 'episodes-restore',
      params: { userId, rows: rows.map((e) => encoding.episodeRow(e, e.vector)) },
    });
  }
  for (const rows of chunks(batch.mentions))
    statements.push({ name: 'episode-mentions-restore', params: { userId, rows } });
  return statements;
}
