import { StoreUnavailableError, UnauthorizedError, VersionMismatchError } from '../model/errors.js';
import { KGMEM_VERSION, VERSION_HEADER } from '../version.js';
import type { Transport } from './transport.js';
import { errorFromWire } from './wire-errors.js';
import { reviveDates } from './wire-values.js';

/**
 * One request to a kgmem server or holder and its answer: the release header checked, the body
 * parsed (dates revived unless `revive` is false), and an error answer thrown as the class the
 * server threw. `where` names the other side in messages.
 */
export async function exchange<T>(
  transport: Transport,
  where: string,
  token: string | undefined,
  timeoutMs: number | undefined,
  { method, path, body, revive }: { method: string; path: string; body?: unknown; revive: boolean },
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', [VERSION_HEADER]: KGMEM_VERSION };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Awaited<ReturnType<Transport>>;
  try {
    response = await transport({
      method,
      path,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      timeoutMs: timeoutMs ?? 60_000,
    });
  } catch (error) {
    throw new StoreUnavailableError(
      `${where} did not answer (${error instanceof Error ? error.message : String(error)}); is it running?`,
    );
  }
  const served = response.header(VERSION_HEADER);
  if (served !== KGMEM_VERSION) {
    throw new VersionMismatchError(
      `${where} is ${served ? `kgmem ${served}` : 'an older kgmem (or not kgmem)'} and this is kgmem ${KGMEM_VERSION}; ` +
        'use the same kgmem release on both sides (or stop that process and open the memory with this one)',
    );
  }
  let parsed: unknown;
  try {
    parsed = response.text ? JSON.parse(response.text, revive ? reviveDates : undefined) : undefined;
  } catch {
    throw new StoreUnavailableError(`${where} answered HTTP ${response.status} with a body that is not JSON`);
  }
  if (response.status < 200 || response.status >= 300) {
    const { error, name } = (parsed ?? {}) as { error?: string; name?: string };
    const message = `${where}: ${error ?? `HTTP ${response.status}`}`;
    const wired = errorFromWire(response.status, name, message);
    if (wired instanceof UnauthorizedError && !token)
      wired.message += " (set KGMEM_TOKEN to the server's token)";
    throw wired;
  }
  return parsed as T;
}
