import { readFileSync, statSync } from 'node:fs';

/** Whether a process with this pid runs (one of another user counts as running). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When a process started, as the kernel counts it (Linux: `/proc/<pid>/stat`, field 22), or
 * undefined where that cannot be read: with the pid, it tells a process from a later one that
 * reused its pid.
 */
export function processStartTime(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

/**
 * The pid of another process holding a POSIX write lock on `path` (LadybugDB locks its main
 * file so while a database is open for writing), read from `/proc/locks`; `null` when none does,
 * `undefined` where that cannot be read (not Linux).
 */
export function fileLockHolder(path: string): number | null | undefined {
  let locks: string;
  let inode: number;
  try {
    locks = readFileSync('/proc/locks', 'utf8');
    inode = statSync(path).ino;
  } catch {
    return undefined;
  }
  for (const line of locks.split('\n')) {
    // "1: POSIX  ADVISORY  WRITE 12618 fe:00:9977980 0 EOF"
    const fields = line.trim().split(/\s+/);
    const [, kind, , mode, pid, file] = fields;
    if (kind !== 'POSIX' || mode !== 'WRITE' || !file) continue;
    if (Number(file.split(':')[2]) !== inode) continue;
    const holder = Number(pid);
    if (holder !== process.pid) return holder;
  }
  return null;
}

/**
 * Waits (at most `timeoutMs`) until this process holds no lock on `path` any more: LadybugDB
 * releases a closed database's file on the event loop, after `closeSync` returns, and the same
 * file must not be opened again before (two databases on one file in one process). Where locks
 * cannot be read (not Linux), it yields to the event loop a few times.
 */
export async function lockReleased(path: string, timeoutMs = 10_000): Promise<void> {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 2));
  let inode: number;
  try {
    inode = statSync(path).ino;
    readFileSync('/proc/locks', 'utf8');
  } catch {
    for (let i = 0; i < 5; i++) await tick();
    return;
  }
  const deadline = Date.now() + timeoutMs;
  const held = () =>
    readFileSync('/proc/locks', 'utf8')
      .split('\n')
      .some((line) => {
        const [, kind, , , pid, file] = line.trim().split(/\s+/);
        return kind === 'POSIX' && Number(pid) === process.pid && Number(file?.split(':')[2]) === inode;
      });
  while (held() && Date.now() < deadline) await tick();
}
