import { createRequire } from 'node:module';

/**
 * Hands the memory the embedded database has freed back to the operating system.
 *
 * LadybugDB allocates with the C library's `malloc`, from several threads. A checkpoint frees what
 * the writes since the last one held (hundreds of megabytes in a process that writes many users),
 * but glibc keeps freed memory inside its arenas, scattered between live allocations, so the
 * process's resident memory only ever grows: measured on 200 users × (150 facts + 20 turns), 672
 * MB resident after closing the database, 187 MB once `malloc_trim(0)` had run. glibc's
 * `malloc_trim` returns those free pages; Node does not expose it, so it is called through
 * `koffi` (a foreign-function library with prebuilt binaries for every platform, nothing built at
 * install). Where there is no glibc (macOS, Windows, musl) there is nothing to call and nothing
 * happens: those allocators return memory on their own terms.
 */

type Trim = (pad: number) => number;

// undefined: not looked up yet; null: this platform has no malloc_trim.
let trim: Trim | null | undefined;

/** Whether this process runs on Linux with glibc (the C library whose `malloc_trim` this calls). */
export function runsOnGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  // Only glibc reports its version here; musl's Node does not.
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)
    ?.header;
  return Boolean(header?.glibcVersionRuntime);
}

/** glibc's `malloc_trim`, or null where the process does not run on glibc. */
function mallocTrim(): Trim | null {
  if (trim !== undefined) return trim;
  trim = null;
  if (!runsOnGlibc()) return trim;
  const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
  trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim;
  return trim;
}

/**
 * Returns the C heap's free pages to the operating system (glibc's `malloc_trim(0)`); true when
 * it did, false where the platform has no such call. Takes milliseconds (tens at most on a heap of
 * a gigabyte), so the store calls it after a checkpoint, not after every write.
 */
export function releaseFreedNativeMemory(): boolean {
  const call = mallocTrim();
  if (!call) return false;
  call(0);
  return true;
}

/**
 * The process's memory outside V8 (resident memory less the JavaScript heap and the buffers V8
 * accounts for), in bytes: the embedded database's share of it, with Node's own.
 */
export function nativeMemory(): number {
  const { rss, heapTotal, external } = process.memoryUsage();
  return rss - heapTotal - external;
}

/** How far {@link nativeMemory} has grown beyond `since` (bytes; 0 when it has not). */
export function nativeMemoryGrowth(since: number): number {
  return Math.max(0, nativeMemory() - since);
}
