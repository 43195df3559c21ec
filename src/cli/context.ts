import type { Command } from 'commander';
import { createMemory } from '../memory/create.js';
import type { Memory } from '../memory/memory.js';

/** A command-line mistake: wrong or missing flags. Exits with status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Where a command writes, so tests and the REPL can capture output. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** The global options every command sees. */
export interface GlobalOptions {
  dataDir?: string;
  debug?: boolean;
}

/** Reads the global options from any (sub)command. */
export function globalOptions(command: Command): GlobalOptions {
  return command.optsWithGlobals() as GlobalOptions;
}

/** Opens the memory for a command, runs `body`, and always closes it. */
export async function withMemory<T>(command: Command, body: (memory: Memory) => Promise<T>): Promise<T> {
  const { dataDir } = globalOptions(command);
  const memory = await createMemory(dataDir ? { dataDir } : {});
  try {
    return await body(memory);
  } finally {
    await memory.close();
  }
}

/** Checks the `--user` option, which user-scoped commands require. */
export function requireUser(options: { user?: string }): string {
  if (!options.user || options.user.trim().length === 0) {
    throw new UsageError('this command needs --user <id> (the memory scope to read or write)');
  }
  return options.user;
}

/** Parses a positive integer flag. */
export function intOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`${name} must be a non-negative integer (got "${value}")`);
  return n;
}
