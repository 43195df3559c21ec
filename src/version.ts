/**
 * This kgmem's version (the package's). A client and the process holding a memory compare it:
 * they must be the same release to talk (see `RemoteMemory`).
 */
export const KGMEM_VERSION = '0.1.0';

/** The header a kgmem client and server send their {@link KGMEM_VERSION} in. */
export const VERSION_HEADER = 'X-Kgmem-Version';
