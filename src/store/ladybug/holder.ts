import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isProcessAlive } from './process-identity.js';

/** Who holds an embedded database open for writing, recorded beside it while it is open. */
export interface DatabaseHolder {
  pid: number;
  /** The command line that opened it (`kgmem serve --port 7700`), or the script of a library process. */
  command: string;
  startedAt: string;
  /** Where a `kgmem serve` holding it answers (its API is the way in while it runs). */
  serverUrl?: string;
  /** The local socket where the holder serves the other kgmem processes (no token needed). */
  socketPath?: string;
}

/** The holder file of a database: `<database>.holder.json`. */
export function holderPath(databasePath: string): string {
  return `${databasePath}.holder.json`;
}

/**
 * Records this process as the holder (best effort: a read-only folder only loses the hint); what
 * this process recorded before (its socket, its server's URL) is kept unless given again.
 */
export function recordHolder(
  databasePath: string,
  extra: { serverUrl?: string; socketPath?: string } = {},
): void {
  const previous = readHolder(databasePath);
  const holder: DatabaseHolder = {
    ...(previous?.pid === process.pid ? previous : {}),
    pid: process.pid,
    command: describeProcess(),
    startedAt: previous?.pid === process.pid ? previous.startedAt : new Date().toISOString(),
    ...extra,
  };
  try {
    writeFileSync(holderPath(databasePath), `${JSON.stringify(holder)}\n`);
  } catch {
    // The lock itself is the database's; this file only names the holder in messages.
  }
}

/** Removes the holder file if this process wrote it. */
export function releaseHolder(databasePath: string): void {
  const holder = readHolder(databasePath);
  if (holder?.pid === process.pid) rmSync(holderPath(databasePath), { force: true });
}

/** The recorded holder, if its process is still alive. */
export function readHolder(databasePath: string): DatabaseHolder | undefined {
  let holder: DatabaseHolder;
  try {
    holder = JSON.parse(readFileSync(holderPath(databasePath), 'utf8')) as DatabaseHolder;
  } catch {
    return undefined;
  }
  if (!Number.isInteger(holder.pid) || !isProcessAlive(holder.pid)) return undefined;
  return holder;
}

function describeProcess(): string {
  const [, script = '', ...args] = process.argv;
  const line = /kgmem(\.js)?$/.test(script)
    ? `kgmem ${args.join(' ')}`
    : `node ${[script, ...args].join(' ')}`;
  return line.length > 200 ? `${line.slice(0, 199)}…` : line.trim();
}
