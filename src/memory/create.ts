import { mkdirSync } from 'node:fs';
import { RemoteMemory, type RemoteMemoryOptions } from '../client/remote-memory.js';
import type { ResolvedEmbedder } from '../embed/base.js';
import { HashingEmbeddings } from '../embed/hashing.js';
import { hashingEmbedder, resolveEmbedder } from '../embed/resolve.js';
import { resolveExtractor } from '../extract/resolve.js';
import { EmbedderMismatchError } from '../model/errors.js';
import type { GraphStore } from '../store/base.js';
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
  if ('server' in options && typeof options.server === 'string') return new RemoteMemory(options);
  return openMemory(options as MemoryOptions);
}

async function openMemory(options: MemoryOptions): Promise<Memory> {
  const resolved = resolveMemoryOptions(options);
  const env = options.env ?? process.env;
  const embedder = await resolveEmbedder(options, env);
  const extractor = await resolveExtractor(options.extractor, env);
  const store = await resolveStore(options.store, resolved.databasePath, env);
  if (store instanceof LadybugStore && store.options.path === resolved.databasePath) {
    mkdirSync(resolved.dataDir, { recursive: true });
  }
  const opened = await openStore(store, embedder, options, env);
  return new Memory(store, opened, resolved, extractor);
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
