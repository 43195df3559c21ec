import { isIP } from 'node:net';

/** Whether a listen address or Host header names this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare.startsWith('::ffff:127.');
  return false;
}

/** The host name part of a `Host` header (`"127.0.0.1:7700"` → `"127.0.0.1"`, `"[::1]:80"` → `"::1"`). */
export function hostnameOf(hostHeader: string): string {
  const bracketed = hostHeader.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed?.[1]) return bracketed[1];
  return hostHeader.replace(/:\d+$/, '');
}
