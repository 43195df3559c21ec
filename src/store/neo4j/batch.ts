import type { ManagedTransaction } from 'neo4j-driver';
import type { WriteBatch } from '../base.js';
import { loadCypher } from '../cypher-files.js';
import { fullObservations, storedObservations } from '../observations.js';
import { entityKeyId, type Row } from '../rows.js';
import { userSearchKey } from './queries.js';
import { fromNeo4j, toNeo4jParams } from './values.js';

/** How a write batch reaches Neo4j: its statements in order, in chunks, with the user's search key. */
// Statements that take the user's full-text key, which this adapter adds from the userId.
export const KEYED_STATEMENTS = new Set([
  'entities-create',
  'episode-create',
  'entities-restore',
  'episodes-restore',
]);

// Rows sent per statement of a write batch (bounded messages for bulk writes).
export const ROWS_PER_STATEMENT = 5000;

/**
 * Applies one write batch in `tx`, in the order the write path relies on; a statement's rows go
 * in chunks of {@link ROWS_PER_STATEMENT} (one message each, all in the one transaction).
 */
export async function applyBatch(tx: ManagedTransaction, batch: WriteBatch): Promise<void> {
  const { userId } = batch;
  const run = async (name: string, params: Record<string, unknown>) => {
    const rows = params.rows;
    if (!Array.isArray(rows) || rows.length <= ROWS_PER_STATEMENT) return runIn(tx, name, params);
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
      await runIn(tx, name, { ...params, rows: rows.slice(i, i + ROWS_PER_STATEMENT) });
    return [];
  };
  await run('user-merge', { userId, at: batch.at });
  if (batch.entities.length > 0) {
    await run('entities-create', {
      userId,
      rows: batch.entities.map((e) => ({
        uid: e.uid,
        key: e.key,
        name: e.name,
        type: e.type,
        summary: e.summary,
        aliases: e.aliases,
        aliasText: e.aliases.join(' '),
        embedding: storableVector(e.embedding),
        at: e.at,
        mentions: e.mentions,
      })),
    });
    await run('entity-keys-create', {
      userId,
      rows: batch.entities.flatMap((e) =>
        e.aliases.map((key) => ({ id: entityKeyId(userId, key), key, entityUid: e.uid })),
      ),
    });
  }
  if (batch.keys.length > 0) {
    await run('entity-keys-create', {
      userId,
      rows: batch.keys.map((k) => ({
        id: entityKeyId(userId, k.key),
        key: k.key,
        entityUid: k.entityUid,
      })),
    });
  }
  if (batch.touches.length > 0) {
    await run('entities-touch', {
      userId,
      rows: batch.touches.map((t) => ({
        uid: t.uid,
        mentions: t.mentions,
        type: t.type,
        aliases: t.aliases,
        aliasText: t.aliases.join(' '),
        at: t.at,
      })),
    });
  }
  if (batch.facts.length > 0) {
    await run('facts-create', {
      userId,
      rows: batch.facts.map((f) => ({
        ...f,
        ...storedObservations(f),
        vector: storableVector(f.vector),
        validFrom: f.validFrom,
        createdAt: f.createdAt,
      })),
    });
  }
  if (batch.episode) {
    await run('episode-mentions-create', {
      userId,
      episodeUid: batch.episode.uid,
      entityUids: batch.episode.entityUids,
    });
    await run('episode-status', {
      userId,
      uid: batch.episode.uid,
      status: 'extracted',
      error: '',
      summary: batch.episode.summary,
    });
  }
  // After the creates, so a fact created and contradicted in one batch is closed too.
  if (batch.mentions.length > 0)
    await run('facts-mention', {
      userId,
      rows: batch.mentions.map((m) => ({ ...m, ...fullObservations(m) })),
    });
  if (batch.invalidations.length > 0) {
    await run('facts-invalidate', {
      userId,
      rows: batch.invalidations.map((i) => ({ ...i, validTo: i.validTo })),
    });
  }
  if (batch.validFrom.length > 0) {
    await run('facts-set-valid-from', {
      userId,
      rows: batch.validFrom.map((m) => ({ ...m, validFrom: m.validFrom })),
    });
  }
  if (batch.records?.length)
    await run('items-put', { rows: batch.records.map((r) => ({ ...r })), at: batch.at.toISOString() });
}

export async function runIn(
  tx: ManagedTransaction,
  name: string,
  params: Record<string, unknown>,
): Promise<Row[]> {
  const result = await tx.run(loadCypher('neo4j', name), toNeo4jParams(name, withUserKey(name, params)));
  return result.records.map((record) => fromNeo4j(record.toObject()) as Row);
}

/** A statement's parameters with the user's search key added where the statement takes it. */
export function withUserKey(name: string, params: Record<string, unknown>): Record<string, unknown> {
  return KEYED_STATEMENTS.has(name) ? { ...params, userKey: userSearchKey(String(params.userId)) } : params;
}

export function storableVector(vector: ArrayLike<number> | undefined | null): number[] | null {
  if (!vector) return null;
  return isSearchable(vector) ? Array.from(vector) : [];
}

/** Whether a vector can be searched by cosine (not absent, not all zeros). */
export function isSearchable(vector: ArrayLike<number> | null): vector is ArrayLike<number> {
  if (!vector) return false;
  for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) return true;
  return false;
}
