import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { RemoteMemory } from '../client/remote-memory.js';
import type { MemoryApi } from '../memory/api.js';
import { createMemory } from '../memory/create.js';
import type { Memory } from '../memory/memory.js';
import { DATABASE_FILE } from '../memory/options.js';
import { DatabaseLockedError, NotFoundError } from '../model/errors.js';
import { readHolder } from '../store/ladybug/holder.js';
import { storeKind } from '../store/resolve.js';

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
  server?: string;
  debug?: boolean;
}

/** Reads the global options from any (sub)command. */
export function globalOptions(command: Command): GlobalOptions {
  return command.optsWithGlobals() as GlobalOptions;
}

const DEFAULT_DIR = '.kgmem';

/**
 * The data dir of a command: `--data-dir`, else `KGMEM_DATA_DIR`, else the nearest `.kgmem` with a
 * database in this folder or a parent (as git finds `.git`), else `./.kgmem` (where a writing
 * command creates one).
 */
export function findDataDir(command: Command): { dir: string; found: boolean; searched: string[] } {
  const explicit = globalOptions(command).dataDir ?? process.env.KGMEM_DATA_DIR;
  if (explicit) {
    const dir = resolve(explicit);
    return { dir, found: existsSync(join(dir, DATABASE_FILE)), searched: [dir] };
  }
  const searched: string[] = [];
  for (let folder = process.cwd(); ; folder = dirname(folder)) {
    const candidate = join(folder, DEFAULT_DIR);
    searched.push(candidate);
    if (existsSync(join(candidate, DATABASE_FILE))) return { dir: candidate, found: true, searched };
    if (dirname(folder) === folder) break;
  }
  return { dir: resolve(DEFAULT_DIR), found: false, searched };
}

/**
 * Opens the memory for a command that may write (creating the data dir if needed), runs `body`,
 * closes it. When another kgmem process holds the data dir, the command goes through that
 * process (its socket; one line on stderr says so) instead of failing on the lock.
 */
export async function withMemory<T>(
  command: Command,
  body: (memory: MemoryApi) => Promise<T>,
  options: { bufferPoolSize?: number } = {},
): Promise<T> {
  const remote = remoteFor(command);
  if (remote) return runWith(remote, body);
  const { dir, found } = findDataDir(command);
  const memory = await openOrReachHolder(dir, { writing: true, ...options });
  if (!(memory instanceof RemoteMemory)) announceIfCreated(dir, found, memory);
  return runWith(memory, body);
}

/**
 * Opens the memory in this process for an administrative command (`reembed`, `schema`, `demo`):
 * these need the database itself, so a held data dir fails with the lock's message.
 */
export async function withLocalMemory<T>(
  command: Command,
  body: (memory: Memory) => Promise<T>,
  options: { reembedding?: boolean } = {},
): Promise<T> {
  const { dir, found } = findDataDir(command);
  const memory = await createMemory({ dataDir: dir, ...options });
  announceIfCreated(dir, found, memory);
  return runWith(memory, body);
}

/**
 * Opens a memory for a read command, which never creates a data dir. With `--server` (or
 * `KGMEM_SERVER`) the reads go to that `kgmem serve`; when another kgmem process holds the data
 * dir, they go through it; otherwise the database is opened here.
 */
export async function withReader<T>(command: Command, body: (memory: MemoryApi) => Promise<T>): Promise<T> {
  const remote = remoteFor(command);
  if (remote) return runWith(remote, body);
  const { dir, found, searched } = findDataDir(command);
  if (storeKind(process.env) === 'ladybug' && !found) {
    throw new NotFoundError(
      `no kgmem memory here: looked for ${DATABASE_FILE} in ${searched.join(', ')}. ` +
        'Pass --data-dir <dir> (or KGMEM_DATA_DIR), run the command where the memory is, or create one with kgmem add, import or remember.',
    );
  }
  const pool = process.env.KGMEM_BUFFER_POOL_MB ? {} : { bufferPoolSize: READ_BUFFER_POOL };
  return runWith(await openOrReachHolder(dir, { writing: false, ...pool }), body);
}

/**
 * Says on stderr where a writing command just created a memory, when the data dir had none
 * (so a write in the wrong folder is noticed, not silently kept apart); and, once, when that
 * memory embeds with the offline hashing embedder, how to set up the sentence model (a memory
 * keeps the embedder it was made with until `kgmem reembed`).
 */
function announceIfCreated(dir: string, found: boolean, memory: { embedder: { semantic: boolean } }): void {
  if (found || storeKind(process.env) !== 'ladybug') return;
  if (!existsSync(join(dir, DATABASE_FILE))) return;
  process.stderr.write(`kgmem: created a new memory at ${dir}\n`);
  if (!memory.embedder.semantic) process.stderr.write(`${OFFLINE_EMBEDDER_NOTE}\n`);
}

/** What a new memory with the offline embedder is told, once. */
export const OFFLINE_EMBEDDER_NOTE =
  'kgmem: it embeds with the offline hashing embedder (spelling, not meaning). For recall by meaning, ' +
  'set KGMEM_EMBEDDINGS=local:<dir> to a sentence model run in process (in a clone of kgmem, `npm run embeddings:local` ' +
  'makes <dir>), or KGMEM_EMBEDDINGS_BASE_URL to an embeddings server, before the first write; ' +
  'an existing memory changes with `kgmem reembed`.';

function remoteFor(command: Command): RemoteMemory | undefined {
  const server = globalOptions(command).server ?? process.env.KGMEM_SERVER;
  if (!server) return undefined;
  const token = process.env.KGMEM_TOKEN;
  return new RemoteMemory({ server, ...(token ? { token } : {}) });
}

/**
 * The buffer pool of a read command's embedded database: a short process can afford a query
 * whose intermediate results need more than the library's default; beyond it the query fails
 * with Ladybug's buffer-pool error instead of growing the process.
 */
const READ_BUFFER_POOL = 2 * 2 ** 30;

/**
 * The buffer pool `kgmem import` opens with (unless KGMEM_BUFFER_POOL_MB says otherwise): one
 * transaction of its default batch (250,000 triples) must fit.
 */
export const IMPORT_BUFFER_POOL = 2 * 2 ** 30;

/**
 * Opens the memory here or, when another kgmem process holds it, reaches that process: over the
 * socket it serves (every command, no token), else over the API of the `kgmem serve` it runs
 * (reads; writes with `KGMEM_TOKEN`). Says on stderr which process serves the command.
 */
async function openOrReachHolder(
  dir: string,
  { writing, bufferPoolSize }: { writing: boolean; bufferPoolSize?: number },
): Promise<Memory | RemoteMemory> {
  try {
    return await createMemory({
      dataDir: dir,
      ...(storeKind(process.env) === 'ladybug' && bufferPoolSize !== undefined
        ? { store: { ladybug: { path: join(dir, DATABASE_FILE), bufferPoolSize } } }
        : {}),
    });
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    const holder = readHolder(join(dir, DATABASE_FILE));
    if (holder?.socketPath && existsSync(holder.socketPath)) {
      process.stderr.write(
        `kgmem: ${dir} is open in process ${holder.pid} (${holder.command}); going through it\n`,
      );
      return new RemoteMemory({ socketPath: holder.socketPath });
    }
    const token = process.env.KGMEM_TOKEN;
    if (!holder?.serverUrl || (writing && !token)) throw error;
    process.stderr.write(
      `kgmem: ${dir} is served by ${holder.command} at ${holder.serverUrl}; going through it\n`,
    );
    return new RemoteMemory({ server: holder.serverUrl, ...(token ? { token } : {}) });
  }
}

async function runWith<M extends { close(): Promise<void> }, T>(
  memory: M,
  body: (memory: M) => Promise<T>,
): Promise<T> {
  try {
    return await body(memory);
  } finally {
    await memory.close();
  }
}

/** Fails with the known users listed when a read command names a user the memory does not have. */
export async function requireKnownUser(
  memory: Pick<MemoryApi, 'hasUser' | 'users'>,
  userId: string,
): Promise<void> {
  if (await memory.hasUser(userId)) return;
  const users = await memory.users();
  const known =
    users.length === 0
      ? 'this memory has no users yet'
      : `known users: ${users.slice(0, 20).join(', ')}${users.length > 20 ? ', …' : ''}`;
  throw new NotFoundError(`no user "${userId}" in this memory (${known})`);
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
