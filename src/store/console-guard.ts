import { CypherError } from '../model/errors.js';

// BEGIN / COMMIT / ROLLBACK / START TRANSACTION at the start of a statement.
const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|START\s+TRANSACTION)\b/i;

/**
 * Refuses transaction control in a console statement: every console statement runs as its own
 * transaction, and a transaction left open across statements would let the in-process copies of
 * the graph (vector indexes, the user graph) see changes that are later rolled back.
 */
export function refuseTransactionControl(statement: string): void {
  if (TRANSACTION_CONTROL.test(statement)) {
    throw new CypherError(
      'transaction control (BEGIN, COMMIT, ROLLBACK) is not available here: each statement runs as its own transaction; put the changes in one statement',
    );
  }
}
