import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { InvalidInputError } from '../model/errors.js';
import { type AppOptions, createApp } from './app.js';
import { isLoopbackHost } from './loopback.js';

/** Where and how {@link startServer} listens. */
export interface ServerOptions extends Omit<AppOptions, 'protectReads' | 'loopbackHostsOnly'> {
  /** @default "127.0.0.1" */
  host?: string;
  /** `0` picks a free port. @default 7700 */
  port?: number;
}

/** A running `kgmem serve`. */
export interface RunningServer {
  /** The base URL, e.g. `http://127.0.0.1:7700/`. */
  url: string;
  port: number;
  /** Stops accepting connections and waits for open ones to finish. */
  close(): Promise<void>;
}

/**
 * Serves the API and the viewer over HTTP. Listening beyond loopback needs a token, which then
 * guards reads as well as writes.
 *
 * @throws InvalidInputError when `host` is not a loopback address and no token is given
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const loopback = isLoopbackHost(host);
  if (!loopback && !options.token) {
    throw new InvalidInputError(
      `refusing to serve on ${host} without a token: anyone who can reach it could read this memory. ` +
        'Add --token <secret> (clients send "Authorization: Bearer <secret>"), or keep the default --host 127.0.0.1.',
    );
  }
  const app = createApp({ ...options, protectReads: !loopback, loopbackHostsOnly: loopback });
  const { server, address } = await new Promise<{ server: ReturnType<typeof serve>; address: AddressInfo }>(
    (resolve, reject) => {
      const server = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 7700 }, (address) =>
        resolve({ server, address }),
      );
      server.once('error', reject);
    },
  );
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
