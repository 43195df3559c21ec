import { loadCypher, splitStatements } from '../cypher-files.js';
import { symbolRekeying } from '../rekey.js';
import { entityFromRow, factVectorId, type Row } from '../rows.js';
import { encodeVector } from './vector-codec.js';

/** What a migration needs of the open database (`connection.ts`). */
export interface MigrationHost {
  /** Runs a schema or administration statement outside any transaction kgmem opens. */
  execute(statement: string): void;
  /** Runs a named statement (`cypher/ladybug/<name>.cypher`). */
  run(name: string, params: Record<string, unknown>): Row[];
  /** Runs `body` as one committed write that may touch any user. */
  commitAll(body: () => void): void;
  /** A guarded checkpoint (`checkpoint-guard.ts`). */
  checkpoint(): void;
  /** A table's property names, in their stored order. */
  tableColumns(table: 'Entity' | 'FACT'): string[];
  /** Forgets prepared statements (after a column they read was dropped). */
  forgetPrepared(): void;
}

// Facts moved per transaction by the fact-vector migration.
const MOVE_BATCH = 5000;

/**
 * Applies the schema (every statement idempotent) and moves what databases written by earlier
 * releases keep elsewhere; runs when a writable open finds another schema recorded. Returns the
 * names of entities re-keyed (said once by the caller). Each move is
 * idempotent, and its old column is dropped only once every value was moved, so a move cut short
 * runs again at the next open.
 */
export function applySchema(host: MigrationHost): string[] {
  for (const statement of splitStatements(loadCypher('ladybug', 'schema'))) host.execute(statement);
  moveLegacyEntityEmbeddings(host);
  moveFactVectorsToNodes(host);
  return rekeySymbols(host);
}

/**
 * Re-keys entities stored before keys kept `+`, `#`, `&` and `@` (`rekey.ts`), a user per
 * transaction; returns the names of the entities re-keyed.
 */
function rekeySymbols(host: MigrationHost): string[] {
  const renamed: string[] = [];
  for (const user of host.run('users-list', {})) {
    const userId = String(user.id);
    const entities = host
      .run('entities-list', { userId, limit: Number.MAX_SAFE_INTEGER })
      .map((row) => entityFromRow(row, userId));
    const rekeying = symbolRekeying(userId, entities);
    if (rekeying.statements.length === 0) continue;
    host.commitAll(() => {
      for (const { name, params } of rekeying.statements) host.run(name, params);
    });
    renamed.push(...rekeying.renamed);
  }
  return renamed;
}

/**
 * Moves entity embeddings of a database written before they were stored as text (a FLOAT[]
 * column `embedding`) into `vector`, in one transaction, and drops the old column.
 */
function moveLegacyEntityEmbeddings(host: MigrationHost): void {
  if (!host.tableColumns('Entity').includes('embedding')) return;
  host.commitAll(() => {
    const byUser = new Map<string, { uid: string; embedding: string }[]>();
    for (const row of host.run('entity-embeddings-legacy', {})) {
      if (!Array.isArray(row.embedding)) continue;
      const userId = String(row.userId);
      const rows = byUser.get(userId) ?? [];
      rows.push({ uid: String(row.uid), embedding: encodeVector(row.embedding as number[]) });
      byUser.set(userId, rows);
    }
    for (const [userId, rows] of byUser) host.run('entities-set-embeddings', { userId, rows });
  });
  dropBetweenCheckpoints(host, loadCypher('ladybug', 'entity-embedding-legacy-drop'));
}

/**
 * Moves fact statement embeddings of a database written before they had nodes of their own
 * (`FACT.vector`) into FactVector nodes, a user and a batch at a time, and drops the old column.
 */
function moveFactVectorsToNodes(host: MigrationHost): void {
  if (!host.tableColumns('FACT').includes('vector')) return;
  for (const user of host.run('users-list', {})) {
    const userId = String(user.id);
    for (let skip = 0; ; skip += MOVE_BATCH) {
      const rows = host.run('fact-vectors-move', { userId, skip, limit: MOVE_BATCH });
      if (rows.length > 0)
        host.commitAll(() =>
          host.run('facts-set-vectors', {
            userId,
            rows: rows.map((r) => ({
              id: factVectorId(userId, String(r.uid)),
              uid: String(r.uid),
              subjectUid: '',
              vector: String(r.vector),
            })),
          }),
        );
      if (rows.length < MOVE_BATCH) break;
    }
  }
  dropBetweenCheckpoints(host, loadCypher('ladybug', 'fact-vector-legacy-drop'));
}

/**
 * Drops a column between two checkpoints: LadybugDB crashes on close when one column's values
 * changed and another column was dropped since the last checkpoint.
 */
function dropBetweenCheckpoints(host: MigrationHost, statement: string): void {
  host.checkpoint();
  host.execute(statement);
  host.checkpoint();
  host.forgetPrepared();
}
