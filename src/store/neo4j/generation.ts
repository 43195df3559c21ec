import type { Row } from '../rows.js';

/** The Meta key of the database-wide epoch, moved by a hand-written write (which may touch anyone). */
export const EPOCH_META_KEY = 'generation';

/** A user's generation from a row of `writes` and `epoch` (`user-generation`, `user-lock`, `user-writes-bump`). */
export function generationOf(row: Row): string {
  return `${String(row.epoch ?? '')}/${Number(row.writes ?? 0)}`;
}

/**
 * Each written user's generation before and after a write, from the row its write count returned
 * in the write's transaction (one write: the count before is one less). A user without a row (just
 * deleted) is left out: its copies are dropped.
 */
export function generationsMoved(
  rows: readonly (readonly [string, Row | undefined])[],
): Map<string, { before: string; after: string }> {
  const moved = new Map<string, { before: string; after: string }>();
  for (const [userId, row] of rows) {
    if (!row) continue;
    const writes = Number(row.writes ?? 0);
    moved.set(userId, {
      before: generationOf({ ...row, writes: writes - 1 }),
      after: generationOf(row),
    });
  }
  return moved;
}
