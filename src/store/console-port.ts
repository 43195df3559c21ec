import type { PlanSummary } from './read-policy/policy.js';
import type { CypherOptions, CypherResult } from './records.js';

/**
 * The console's two operations as the database takes them, after the port's own checks
 * (`StorePort.runCypher`): the plan of a statement without running it, and its run.
 */
export interface ConsoleDriver {
  /** The database's plan of one statement; `writes` when it would change anything. Never runs it. */
  explain(statement: string, params: Record<string, unknown>): Promise<PlanSummary>;
  /** Runs one console statement. */
  execute(statement: string, params: Record<string, unknown>, options: CypherOptions): Promise<CypherResult>;
}
