import type { Connection, QueryResult } from '@ladybugdb/core';
import type { Row } from '../rows.js';

/**
 * Runs a statement without parameters and closes its result at once: an open result keeps the
 * native database alive (and its file locked) after `close()` until garbage collection.
 */
export function execute(conn: Connection, statement: string): void {
  const result = conn.querySync(statement);
  for (const r of Array.isArray(result) ? result : [result]) r.close();
}

/** Every row of a result, which is closed before returning (see {@link execute}). */
export function drain(result: QueryResult | QueryResult[]): Row[] {
  const results = Array.isArray(result) ? result : [result];
  try {
    return results.flatMap((r) => r.getAllSync() as Row[]);
  } finally {
    for (const r of results) r.close();
  }
}
