import { request as httpRequest } from 'node:http';

/** One HTTP exchange as the remote client needs it. */
export interface WireRequest {
  method: string;
  /** Path and query, from the root: `/api/users/u/recall?q=…`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/** The status, headers and text of an answer. */
export interface WireResponse {
  status: number;
  header(name: string): string | undefined;
  text: string;
}

/** Sends requests to one kgmem server: over TCP, or over the holder's local socket. */
export type Transport = (request: WireRequest) => Promise<WireResponse>;

/** A transport to a server at a base URL (`http://127.0.0.1:7700/`), with `fetch`. */
export function urlTransport(base: URL): Transport {
  return async (request) => {
    const response = await fetch(new URL(request.path.replace(/^\//, ''), base), {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, header: (name) => response.headers.get(name) ?? undefined, text };
  };
}

/**
 * A transport to a server listening on a Unix-domain socket (the process holding a memory):
 * Node's own HTTP client, since `fetch` reaches only TCP.
 */
export function socketTransport(socketPath: string): Transport {
  return (request) =>
    new Promise<WireResponse>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          socketPath,
          method: request.method,
          path: request.path,
          headers: {
            ...request.headers,
            Host: 'localhost',
            ...(request.body !== undefined
              ? { 'Content-Length': String(Buffer.byteLength(request.body)) }
              : {}),
          },
          timeout: request.timeoutMs,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const value = (name: string) => {
              const header = incoming.headers[name.toLowerCase()];
              return Array.isArray(header) ? header[0] : header;
            };
            resolve({
              status: incoming.statusCode ?? 500,
              header: value,
              text: Buffer.concat(chunks).toString('utf8'),
            });
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${request.timeoutMs} ms`)));
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
}
