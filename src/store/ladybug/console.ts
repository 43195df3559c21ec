import type { Connection, PreparedStatement, QueryResult } from '@ladybugdb/core';
import { CypherError, StatementNotAllowedError } from '../../model/errors.js';
import type { ConsoleDriver } from '../console-port.js';
import type { PlanSummary } from '../read-policy/policy.js';
import type { CypherOptions, CypherResult } from '../records.js';
import { errorMessage, plainValue } from './params.js';
import { ladybugPlanSummary } from './plan.js';
import { drain } from './results.js';

/** What the console needs of the embedded store it runs in. */
export interface ConsoleHost {
  /** The open connection. */
  connection(): Connection;
  /** What to wait for before using the connection (a reopen), or undefined when it can be used in this turn. */
  busy(): Promise<void> | undefined;
  /** Invalidates every copy and snapshot (a committed, empty write of every user). */
  invalidateAll(): void;
  /** Drops every in-process copy. */
  dropCopies(): void;
  /** A crash-guarded checkpoint (`checkpoint-guard.ts`). */
  checkpoint(): void;
}

// `CHECKPOINT` alone: run as kgmem's guarded checkpoint.
const CHECKPOINT = /^\s*CHECKPOINT\s*;?\s*$/i;
// Settings of LadybugDB's own checkpoints, which kgmem keeps off (it checkpoints itself, guarded).
const CHECKPOINT_SETTINGS = /\b(auto_checkpoint|checkpoint_threshold|force_checkpoint_on_close)\b/i;

/**
 * The console on LadybugDB: a statement's plan by `EXPLAIN` (after the driver says whether it is
 * read-only), and its run through the synchronous API, with a timeout when asked. A statement
 * that may write invalidates every copy and snapshot before it runs, drops the copies after and
 * is followed by a checkpoint (a `COPY` is not in the database's log until one). `CHECKPOINT`
 * runs as kgmem's guarded checkpoint; LadybugDB's own checkpoint settings cannot be changed here.
 */
export class LadybugConsole implements ConsoleDriver {
  constructor(private readonly host: ConsoleHost) {}

  async explain(statement: string, params: Record<string, unknown>): Promise<PlanSummary> {
    for (let wait = this.host.busy(); wait; wait = this.host.busy()) await wait;
    // Prepared alone first: one statement only (the driver refuses several), and its kind.
    const prepared = this.prepareConsole(statement);
    if (!prepared.isReadOnly()) return { operators: [], procedures: [], writes: true };
    const explained = this.host.connection().prepareSync(`EXPLAIN ${statement}`);
    if (!explained.isSuccess()) throw new CypherError(explained.getErrorMessage());
    let text: string;
    try {
      text = drain(this.host.connection().executeSync(explained, params as never))
        .map((row) => Object.values(row).join('\n'))
        .join('\n');
    } catch (error) {
      throw new CypherError(errorMessage(error));
    }
    return ladybugPlanSummary(text);
  }

  async execute(
    statement: string,
    params: Record<string, unknown>,
    options: CypherOptions,
  ): Promise<CypherResult> {
    for (let wait = this.host.busy(); wait; wait = this.host.busy()) await wait;
    const conn = this.host.connection();
    if (CHECKPOINT.test(statement) && !options.readOnly) {
      this.host.checkpoint();
      return { columns: [], rows: [] };
    }
    if (CHECKPOINT_SETTINGS.test(statement))
      throw new StatementNotAllowedError(
        'kgmem runs every checkpoint itself, guarded against crashes, so LadybugDB checkpoint settings are not changed from the console; nothing was run',
      );
    const prepared = this.prepareConsole(statement);
    // Checked again on what runs: a read-only console never writes, whatever the plan said.
    if (options.readOnly && !prepared.isReadOnly()) {
      throw new StatementNotAllowedError(
        'read-only: this statement would change the database; nothing was run',
      );
    }
    // A hand-written statement may change anything of anyone, outside any transaction kgmem
    // controls: every copy and snapshot is invalidated before it runs, so none can outlive it.
    if (!prepared.isReadOnly()) this.host.invalidateAll();
    let result: QueryResult | QueryResult[];
    try {
      if (options.timeoutMs) conn.setQueryTimeout(options.timeoutMs);
      result = conn.executeSync(prepared, params as never);
    } catch (error) {
      const message = errorMessage(error);
      throw new CypherError(
        options.timeoutMs && /interrupt|timeout/i.test(message)
          ? `the statement ran longer than ${Math.round(options.timeoutMs / 1000)} s and was stopped (${message})`
          : message,
      );
    } finally {
      // The driver takes no 0 for "none": the longest timeout it accepts stands for none.
      if (options.timeoutMs) conn.setQueryTimeout(2_147_483_647);
    }
    // Copies read while it ran (none: the driver call is synchronous) are dropped all the same.
    if (!prepared.isReadOnly()) this.host.dropCopies();
    const results = Array.isArray(result) ? result : [result];
    try {
      const last = results[results.length - 1];
      if (!last) return { columns: [], rows: [] };
      const maxRows = options.maxRows ?? Infinity;
      const rows: Record<string, unknown>[] = [];
      while (rows.length < maxRows && last.hasNext()) {
        rows.push(plainValue(last.getNextSync()) as Record<string, unknown>);
      }
      return { columns: last.getColumnNamesSync(), rows, ...(last.hasNext() ? { truncated: true } : {}) };
    } finally {
      for (const r of results) r.close();
      if (!prepared.isReadOnly()) this.host.checkpoint();
    }
  }

  /** Prepares a console statement (one statement only). */
  private prepareConsole(statement: string): PreparedStatement {
    let prepared: PreparedStatement;
    try {
      prepared = this.host.connection().prepareSync(statement);
    } catch (error) {
      throw new CypherError(errorMessage(error));
    }
    if (!prepared.isSuccess()) throw new CypherError(prepared.getErrorMessage());
    return prepared;
  }
}
