import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { RemoteMemory, type RemoteMemoryOptions } from '../client/remote-memory.js';
import type { ResolvedEmbedder } from '../embed/base.js';
import { HashingEmbeddings } from '../embed/hashing.js';
import { hashingEmbedder, resolveEmbedder } from '../embed/resolve.js';
import { resolveExtractor } from '../extract/resolve.js';
import { EmbedderMismatchError } from '../model/errors.js';
import type { GraphStore } from '../store/base.js';
import { recordHolder } from '../store/ladybug/holder.js';
import { LadybugStore } from '../store/ladybug/store.js';
import { resolveStore } from '../store/resolve.js';
import { Memory } from './memory.js';
import { type MemoryOptions, resolveMemoryOptions } from './options.js';

/**
 * Opens (creating if needed) a memory. With no options it uses the embedded LadybugDB database
 * in `./.kgmem` (or `KGMEM_DATA_DIR`), OpenAI embeddings when `OPENAI_API_KEY` is set, and the
 * offline hashing embedder otherwise.
 *
 * @example
 * const memory = await createMemory();
 * await memory.addTriples("u1", [{ subject: "I", predicate: "lives_in", object: "Paris" }]);
 * const { context } = await memory.recall({ userId: "u1", query: "Where do I live?" });
 * await memory.close();
 */
export async function createMemory(options?: MemoryOptions): Promise<Memory>;
/**
 * A client of a running `kgmem serve` with the read methods of a memory (and its writes with the
 * server's token): for a process that must share a data dir a server already holds.
 *
 * @example
 * const memory = await createMemory({ server: "http://127.0.0.1:7700", token: process.env.KGMEM_TOKEN });
 */
export async function createMemory(options: RemoteMemoryOptions): Promise<RemoteMemory>;
export async function createMemory(
  options: MemoryOptions | RemoteMemoryOptions = {},
): Promise<Memory | RemoteMemory> {
  if (
    ('server' in options && typeof options.server === 'string') ||
    ('socketPath' in options && typeof options.socketPath === 'string')
  )
    return new RemoteMemory(options as RemoteMemoryOptions);
  return openMemory(options as MemoryOptions);
}

async function openMemory(options: MemoryOptions): Promise<Memory> {
  const resolved = resolveMemoryOptions(options);
  const env = options.env ?? process.env;
  const embedder = await resolveEmbedder(options, env);
  const extractor = await resolveExtractor(options.extractor, env, options.functionalPredicates);
  const store = await resolveStore(options.store, resolved.databasePath, env);
  if (store instanceof LadybugStore && store.options.path === resolved.databasePath) {
    mkdirSync(resolved.dataDir, { recursive: true });
  }
  const opened = await openStore(store, embedder, options, env);
  const memory = new Memory(store, opened, resolved, extractor);
  if (options.share !== false && sharable(store)) await shareWithOtherProcesses(memory, store);
  return memory;
}

/** Whether other processes can reach this store only through this one: an embedded database file. */
function sharable(store: GraphStore): store is LadybugStore {
  return (
    store instanceof LadybugStore &&
    store.options.path !== ':memory:' &&
    !store.options.readOnly &&
    process.platform !== 'win32'
  );
}

/**
 * Serves the memory to the other kgmem processes of this machine over a socket beside the
 * database, recorded in its holder file: while this process holds the database, the CLI, `kgmem
 * serve` and `kgmem mcp` started elsewhere go through it instead of failing on the lock. Sharing
 * that fails (a folder without write access) costs only that: the memory works as before.
 */
async function shareWithOtherProcesses(memory: Memory, store: LadybugStore): Promise<void> {
  const { shareOverSocket, removeSocketsAtExit } = await import('../server/holder-socket.js');
  try {
    const shared = await shareOverSocket(memory, dirname(store.options.path));
    removeSocketsAtExit();
    recordHolder(store.options.path, { socketPath: shared.socketPath });
    memory.onClose(() => shared.close());
  } catch (error) {
    process.stderr.write(
      `kgmem: not serving this memory to other processes (${error instanceof Error ? error.message : String(error)})\n`,
    );
  }
}

/**
 * Opens the store with the embedder, or, when the offline embedder was chosen by default and the
 * database was embedded by its first, spelling-only version, with that version: a memory written
 * before keeps working as it did (`kgmem reembed` moves it to the current version).
 */
async function openStore(
  store: GraphStore,
  embedder: ResolvedEmbedder,
  options: MemoryOptions,
  env: NodeJS.ProcessEnv,
): Promise<ResolvedEmbedder> {
  const reembedding = options.reembedding ?? false;
  try {
    await store.open(embedder.identity, { reembedding });
    return embedder;
  } catch (error) {
    const byDefault = !options.embeddings && !env.OPENAI_API_KEY && embedder.identity.provider === 'hashing';
    if (!(error instanceof EmbedderMismatchError) || !byDefault || reembedding) throw error;
    const first = hashingEmbedder(new HashingEmbeddings({ dimension: embedder.dimension, senses: false }));
    try {
      await store.open(first.identity, { reembedding });
    } catch {
      throw error;
    }
    return first;
  }
}
