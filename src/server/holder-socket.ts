import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, rmSync, unlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import type { MemoryApi } from '../memory/api.js';
import { createApp } from './app.js';

/** A memory served to the other kgmem processes of this machine over a local socket. */
export interface SharedMemory {
  /** Where it listens (recorded in the holder file beside the database). */
  socketPath: string;
  /** Stops listening (open requests finish) and removes the socket file. */
  close(): Promise<void>;
}

// Unix-domain socket paths are limited to ~104 bytes (macOS) or 108 (Linux).
const MAX_SOCKET_PATH = 100;
// The largest request a client may send the holder (a backup restored through it).
const MAX_BODY_BYTES = 1024 ** 3;

/**
 * The socket of the process holding the database in `databaseDir`: `<dir>/run/kgmem.sock`, in
 * a folder only its owner may enter; for a data dir too deep for a socket path, a folder of the
 * same kind under the system's temporary folder, named by a hash of the data dir.
 */
export function holderSocketPath(databaseDir: string): string {
  const beside = join(databaseDir, 'run', 'kgmem.sock');
  if (Buffer.byteLength(beside) <= MAX_SOCKET_PATH) return beside;
  const hash = createHash('sha256').update(databaseDir).digest('hex').slice(0, 16);
  return join(tmpdir(), `kgmem-${hash}`, 'kgmem.sock');
}

/**
 * Serves `memory` to other kgmem processes at {@link holderSocketPath}: the whole API, writes
 * and any Cypher included, with no token (the folder and the socket are the owner's only). A
 * socket file left by a holder that was killed is found dead (nothing answers) and replaced.
 * The server does not keep the process alive on its own.
 *
 * @throws Error when another live process already answers on that socket
 */
export async function shareOverSocket(memory: MemoryApi, databaseDir: string): Promise<SharedMemory> {
  const socketPath = holderSocketPath(databaseDir);
  const folder = join(socketPath, '..');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  if (existsSync(socketPath)) {
    if (await answers(socketPath))
      throw new Error(`another process already serves a kgmem memory at ${socketPath}`);
    rmSync(socketPath, { force: true });
  }
  const app = createApp({ memory, trusted: true, viewerDir: null, maxBodyBytes: MAX_BODY_BYTES });
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);
  server.unref();
  openSockets.add(socketPath);
  let closed = false;
  return {
    socketPath,
    close: async () => {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      removeSocket(socketPath);
      openSockets.delete(socketPath);
    },
  };
}

/** Whether a live process accepts connections on a socket file. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(2000, () => done(false));
  });
}

function removeSocket(socketPath: string): void {
  try {
    if (lstatSync(socketPath).isSocket()) unlinkSync(socketPath);
  } catch {
    // Already gone.
  }
}

// Sockets this process serves, removed when it exits without closing its memories.
const openSockets = new Set<string>();
let exitHookInstalled = false;
/** Installs (once) the exit hook that removes this process's socket files. */
export function removeSocketsAtExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const socketPath of openSockets) removeSocket(socketPath);
  });
}
