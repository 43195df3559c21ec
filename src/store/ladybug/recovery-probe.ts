import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { DatabaseRecoveryError } from '../../model/errors.js';

/**
 * Opens an embedded database in a short-lived child process, so that a database whose recovery
 * crashes LadybugDB (a segmentation fault while it replays its log) takes the child down, not
 * the process that asked. Used before the first open of files that hold a log
 * (`open-check.ts`) and by `kgmem doctor`.
 */

/** What a probe does once the database is open. */
export type ProbeMode =
  /** Open read-only (a log is replayed in memory; no file changes) and count every table. */
  | 'read'
  /** Open read-write (LadybugDB's own recovery, which may change the files), checkpoint, count. */
  | 'recover'
  /** Open read-only, count, and write every table to `target` (`EXPORT DATABASE`). */
  | 'export'
  /** Create a new database at the path from the export in `target` (`IMPORT DATABASE`), checkpoint, count. */
  | 'import';

/** Options of {@link probeDatabase}. */
export interface ProbeOptions {
  mode: ProbeMode;
  /** Buffer pool of the child's database, in bytes. */
  bufferPoolSize: number;
  /** The folder an export is written to or an import read from. */
  target?: string;
  /**
   * Replay the log only up to a record that cannot be replayed, instead of failing on it
   * (LadybugDB's `throwOnWalReplayFailure: false`; `kgmem doctor` only).
   * @default false
   */
  partialReplay?: boolean;
  /** @default 30 minutes */
  timeoutMs?: number;
}

/** What a probe found: the rows of every table and the number of the last write the database holds. */
export interface ProbeReport {
  /** Rows per table (node and relationship tables), by table name. */
  counts: Record<string, number>;
  /** kgmem's count of committed writes as the database holds it (0 for a database from before it was kept). */
  commits: number;
}

/** Why a probe failed: how the child ended and what it said. */
export class ProbeFailure extends Error {
  override name = 'ProbeFailure';
  constructor(
    message: string,
    /** The signal that ended the child (`SIGSEGV`), when it crashed. */
    readonly signal: string | null,
    /** True when the database was held open by another process. */
    readonly locked: boolean,
  ) {
    super(message);
  }
}

// The child's program (CommonJS, run with `node -e`): plain JavaScript with no kgmem import, so it
// runs the same from the sources and from the build. Table names come from the database's own
// catalog and are checked to be plain identifiers before they enter query text; the folder of an
// export or import is checked by the parent (see PLAIN_PATH).
const CHILD = String.raw`
const [lbugPath, path, mode, pool, target, partial] = process.argv.slice(1);
const lbug = require(lbugPath);
const readOnly = mode === 'read' || mode === 'export';
const db = new lbug.Database(path, Number(pool), true, readOnly, 2 ** 38, false, -1, partial !== '1', true);
db.initSync();
const conn = new lbug.Connection(db);
const all = (q) => conn.querySync(q).getAllSync();
if (!readOnly) conn.querySync('CALL force_checkpoint_on_close=false');
if (mode === 'import') { conn.querySync("IMPORT DATABASE '" + target + "'"); }
if (mode === 'recover' || mode === 'import') conn.querySync('CHECKPOINT');
const counts = {};
for (const t of all('CALL show_tables() RETURN name, type')) {
  const name = String(t.name);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) continue;
  const q = t.type === 'NODE' ? 'MATCH (n:' + name + ') RETURN count(n) AS n' : 'MATCH ()-[r:' + name + ']->() RETURN count(r) AS n';
  counts[name] = Number(all(q)[0].n);
}
let commits = 0;
if ('Meta' in counts) {
  const rows = all("MATCH (m:Meta) WHERE m.key = 'commits' RETURN m.value AS v");
  if (rows.length > 0) commits = Number(rows[0].v) || 0;
}
if (mode === 'export') conn.querySync("EXPORT DATABASE '" + target + "' (format=\"csv\", header=true)");
conn.closeSync();
db.closeSync();
process.stdout.write(JSON.stringify({ counts, commits }) + '\n');
`;

/** A folder that may go into the text of `EXPORT`/`IMPORT DATABASE` (which take no parameter for it). */
const PLAIN_PATH = /^[^'"\\\r\n]+$/;

/**
 * Runs a probe of the database at `path` in a child process and returns what it found; a child
 * that crashes, fails or runs out of time is a {@link ProbeFailure} (the caller's process is not
 * affected).
 */
export function probeDatabase(path: string, options: ProbeOptions): ProbeReport {
  if (options.target !== undefined && !PLAIN_PATH.test(options.target))
    throw new DatabaseRecoveryError(
      `the folder ${options.target} has a quote or a line break in its path, which LadybugDB's EXPORT/IMPORT cannot take; choose another folder`,
    );
  const lbugPath = createRequire(import.meta.url).resolve('@ladybugdb/core');
  const result = spawnSync(
    process.execPath,
    [
      '-e',
      CHILD,
      lbugPath,
      path,
      options.mode,
      String(options.bufferPoolSize),
      options.target ?? '',
      options.partialReplay ? '1' : '0',
    ],
    { encoding: 'utf8', timeout: options.timeoutMs ?? 30 * 60_000, maxBuffer: 16 * 2 ** 20 },
  );
  const said = lastLine(result.stderr) || lastLine(result.stdout);
  if (result.error) throw new ProbeFailure(`it could not run: ${result.error.message}`, null, false);
  if (result.signal) {
    throw new ProbeFailure(
      `LadybugDB crashed while opening it (signal ${result.signal})${said ? `: ${said}` : ''}`,
      result.signal,
      false,
    );
  }
  if (result.status !== 0) {
    const message = errorLine(result.stderr) || said || `exit status ${result.status}`;
    throw new ProbeFailure(`LadybugDB could not open it: ${message}`, null, /lock/i.test(message));
  }
  try {
    return JSON.parse(lastLine(result.stdout)) as ProbeReport;
  } catch {
    throw new ProbeFailure(`the probe printed no report (${said || 'nothing'})`, null, false);
  }
}

function lastLine(text: string | null | undefined): string {
  const lines = (text ?? '').trim().split('\n');
  return (lines[lines.length - 1] ?? '').trim();
}

/** The message of an uncaught error in the child's output (`Error: …`), without the stack. */
function errorLine(text: string | null | undefined): string {
  const line = (text ?? '').split('\n').find((l) => /^\w*Error: /.test(l.trim()));
  return line?.trim() ?? '';
}
