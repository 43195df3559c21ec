import { mkdirSync } from 'node:fs';
import { RemoteMemory, type RemoteMemoryOptions } from '../client/remote-memory.js';
import { resolveEmbedder } from '../embed/resolve.js';
import { resolveExtractor } from '../extract/resolve.js';
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
  await store.open(embedder.identity, { reembedding: options.reembedding ?? false });
  return new Memory(store, embedder, resolved, extractor);
}
