import type { ManagedTransaction, Session } from 'neo4j-driver';
import { CypherError } from '../../model/errors.js';
import type { ConsoleDriver } from '../console-port.js';
import type { PlanSummary } from '../read-policy/policy.js';
import type { CypherOptions, CypherResult } from '../records.js';
import { neo4jPlanSummary } from './plan.js';
import { consoleParams, fromNeo4j } from './values.js';

/**
 * The console on Neo4j: a statement's plan by `EXPLAIN` (the server says whether it only reads),
 * and its run, in a read transaction when read-only (the server then refuses any write too).
 */
export class Neo4jConsole implements ConsoleDriver {
  /**
   * @param openSession - a session of the store's database
   * @param wrote - called after a statement run with writes allowed (the store moves its epoch)
   */
  constructor(
    private readonly openSession: (mode: 'READ' | 'WRITE') => Session,
    private readonly wrote: () => Promise<void>,
  ) {}

  async explain(statement: string, params: Record<string, unknown>): Promise<PlanSummary> {
    const session = this.openSession('READ');
    try {
      // EXPLAIN plans without running: the summary says whether the statement only reads ('r'),
      // and its plan which operators and procedures it would use.
      const result = await session.executeRead((tx) => tx.run(`EXPLAIN ${statement}`, consoleParams(params)));
      return { ...neo4jPlanSummary(result.summary.plan), writes: result.summary.queryType !== 'r' };
    } catch (error) {
      throw new CypherError(error instanceof Error ? error.message : String(error));
    } finally {
      await session.close();
    }
  }

  async execute(
    statement: string,
    params: Record<string, unknown>,
    options: CypherOptions,
  ): Promise<CypherResult> {
    const session = this.openSession(options.readOnly ? 'READ' : 'WRITE');
    const maxRows = options.maxRows ?? Infinity;
    try {
      // A read transaction: the server refuses any write in it (Neo.ClientError.Statement.AccessMode).
      const config = options.timeoutMs ? { timeout: options.timeoutMs } : {};
      const run = (tx: ManagedTransaction) => tx.run(statement, consoleParams(params));
      const result = options.readOnly
        ? await session.executeRead(run, config)
        : await session.run(statement, consoleParams(params), config);
      if (!options.readOnly) await this.wrote();
      const kept = result.records.slice(0, maxRows);
      return {
        columns: [...(result.records[0]?.keys ?? [])].map(String),
        rows: kept.map((record) => fromNeo4j(record.toObject()) as Record<string, unknown>),
        ...(result.records.length > kept.length ? { truncated: true } : {}),
      };
    } catch (error) {
      throw new CypherError(error instanceof Error ? error.message : String(error));
    } finally {
      await session.close();
    }
  }
}
